import { Module } from '@nestjs/common';
import { EscrowModule } from '../escrow/escrow.module';
import { DeletionBlockersController } from './deletion-blockers/deletion-blockers.controller';
import { EraseDeletedUserController } from './erase-deleted-user/erase-deleted-user.controller';
import { DeliveryAddressEraser } from './erase-old-delivery-addresses/delivery-address-eraser';
import { ExportUserDataController } from './export-user-data/export-user-data.controller';
import { OrdersPrivacyRepository } from './persistence/privacy.repository';

/**
 * GDPR (issue 26, ADR 0039) and data minimisation (issue 25 item 1): the user's export, what
 * blocks a deletion, the erasure of a deleted user, and addresses erased 90 days after the end.
 */
@Module({
  // The escrow module's unit of work (one per app).
  imports: [EscrowModule],
  controllers: [ExportUserDataController, DeletionBlockersController, EraseDeletedUserController],
  providers: [OrdersPrivacyRepository, DeliveryAddressEraser],
  exports: [DeliveryAddressEraser],
})
export class PrivacyModule {}
