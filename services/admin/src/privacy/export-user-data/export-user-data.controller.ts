import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type ServiceDataExport } from '@loadout/contracts';
import { ownDataExport } from '@loadout/service-kit';
import { AdminUserDataRepository } from '../persistence/user-data.repository';

/**
 * The admin service's part of "Download my data" (ADR 0039): reports the user made (with the
 * case's state), their bug reports, decisions about their content with the statement's facts,
 * and their appeals. Outside `/api/v1`; identity calls it with the user's own token, and only
 * the token's subject may be asked about.
 */
@ApiExcludeController()
@Authenticated()
@Controller('internal/users')
export class ExportUserDataController {
  constructor(private readonly data: AdminUserDataRepository) {}

  @Get(':id/export')
  export(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<ServiceDataExport> {
    return ownDataExport('admin', user, id, () => this.data.exportOf(id));
  }
}
