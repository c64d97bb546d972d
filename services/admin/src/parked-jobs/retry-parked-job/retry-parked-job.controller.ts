import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { bearerOf } from '../../shared/bearer';
import { ParkedJobActions } from '../parked-job-actions';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/parked-jobs')
export class RetryParkedJobController {
  constructor(private readonly actions: ParkedJobActions) {}

  /** Opens the job again with fresh attempts; orders' worker runs it at once. */
  @Roles('admin')
  @Post(':id/retry')
  @HttpCode(200)
  retry(
    @Param('id') id: string,
    @CurrentUser() admin: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<{ retried: true }> {
    return this.actions.retry(id, admin.id, bearerOf(req));
  }
}
