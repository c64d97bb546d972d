import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type ParkedJobListResponse } from '@loadout/contracts';
import { ListParkedJobsHandler } from './list-parked-jobs.handler';

/**
 * Parked jobs for the admin area (issue 23 scenario 7), like every service's
 * `internal/dead-letters`: outside `/api/v1` (the gateway never routes it), admins only; the
 * admin service forwards the admin's token.
 */
@ApiExcludeController()
@Roles('admin')
@Controller('internal/jobs/parked')
export class ListParkedJobsController {
  constructor(private readonly handler: ListParkedJobsHandler) {}

  @Get()
  list(@Query('limit') limit?: string): Promise<ParkedJobListResponse> {
    return this.handler.list(limit);
  }
}
