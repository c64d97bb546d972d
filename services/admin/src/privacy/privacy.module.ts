import { Module } from '@nestjs/common';
import { EraseDeletedUserController } from './erase-deleted-user/erase-deleted-user.controller';
import { ExportUserDataController } from './export-user-data/export-user-data.controller';
import { AdminUserDataRepository } from './persistence/user-data.repository';

/** GDPR (issue 26, ADR 0039): the user's export and the erasure of a deleted user's contact details. */
@Module({
  controllers: [ExportUserDataController, EraseDeletedUserController],
  providers: [AdminUserDataRepository],
})
export class PrivacyModule {}
