import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type ServiceDataExport } from '@loadout/contracts';
import { ownDataExport } from '@loadout/service-kit';
import { NotificationsUserDataRepository } from '../recipients/persistence/user-data.repository';

/**
 * Notifications' part of "Download my data" (ADR 0039): the in-app notifications, the email
 * preferences, the address book entry, and the log of emails sent to that address (template,
 * status, date; not the bodies). Outside `/api/v1`; identity calls it with the user's own
 * token, and only the token's subject may be asked about.
 */
@ApiExcludeController()
@Authenticated()
@Controller('internal/users')
export class ExportUserDataController {
  constructor(private readonly data: NotificationsUserDataRepository) {}

  @Get(':id/export')
  export(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<ServiceDataExport> {
    return ownDataExport('notifications', user, id, () => this.data.exportOf(id));
  }
}
