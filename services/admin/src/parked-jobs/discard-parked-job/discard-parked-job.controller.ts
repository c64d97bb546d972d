import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { bearerOf } from '../../shared/bearer';
import { ParkedJobActions } from '../parked-job-actions';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/parked-jobs')
export class DiscardParkedJobController {
  constructor(private readonly actions: ParkedJobActions) {}

  /** Closes the job for good (settled by hand); it moves no money. */
  @Roles('admin')
  @Delete(':id')
  @HttpCode(204)
  discard(
    @Param('id') id: string,
    @CurrentUser() admin: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    return this.actions.discard(id, admin.id, bearerOf(req));
  }
}
