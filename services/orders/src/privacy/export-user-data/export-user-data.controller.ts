import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type ServiceDataExport } from '@loadout/contracts';
import { ownDataExport, UnitOfWork } from '@loadout/service-kit';
import { OrdersPrivacyRepository } from '../persistence/privacy.repository';

/**
 * Orders' part of "Download my data" (ADR 0039): orders as buyer and seller with their
 * timelines, offers, disputes with their messages, reviews written and received, the payout
 * account's status. Outside `/api/v1` (the gateway never routes it); identity calls it with
 * the user's own token, and only the token's subject may be asked about.
 */
@ApiExcludeController()
@Authenticated()
@Controller('internal/users')
export class ExportUserDataController {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly privacy: OrdersPrivacyRepository,
  ) {}

  @Get(':id/export')
  export(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<ServiceDataExport> {
    return ownDataExport('orders', user, id, () =>
      this.uow.read((tx) => this.privacy.exportOf(tx, id)),
    );
  }
}
