import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type ServiceDataExport } from '@loadout/contracts';
import { ownDataExport } from '@loadout/service-kit';
import { UserDataRepository } from '../persistence/user-data.repository';

/**
 * Listings' part of "Download my data" (ADR 0039): every listing of the user (drafts and
 * removed ones too) with its photos, their uploads, favourites and seller card. Outside
 * `/api/v1` (the gateway never routes it); identity calls it with the user's own token, and
 * only the token's subject may be asked about.
 */
@ApiExcludeController()
@Authenticated()
@Controller('internal/users')
export class ExportUserDataController {
  constructor(private readonly data: UserDataRepository) {}

  @Get(':id/export')
  export(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<ServiceDataExport> {
    return ownDataExport('listings', user, id, () => this.data.exportOf(id));
  }
}
