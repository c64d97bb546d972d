import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type ServiceDataExport } from '@loadout/contracts';
import { ownDataExport } from '@loadout/service-kit';
import { MessagingUserDataRepository } from '../persistence/user-data.repository';

/**
 * Messaging's part of "Download my data" (ADR 0039): every conversation of the user with its
 * messages (sent and received, `mine` telling which; a hidden one says so and why), and the
 * users they blocked. Outside `/api/v1` (the gateway never routes it); identity calls it with
 * the user's own token, and only the token's subject may be asked about.
 */
@ApiExcludeController()
@Authenticated()
@Controller('internal/users')
export class ExportUserDataController {
  constructor(private readonly data: MessagingUserDataRepository) {}

  @Get(':id/export')
  export(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<ServiceDataExport> {
    return ownDataExport('messaging', user, id, () => this.data.exportOf(id));
  }
}
