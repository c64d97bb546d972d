import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { RetryParkedJobHandler } from './retry-parked-job.handler';

/** `POST /internal/jobs/parked/:id/retry` (admins; see ListParkedJobsController). */
@ApiExcludeController()
@Roles('admin')
@Controller('internal/jobs/parked')
export class RetryParkedJobController {
  constructor(private readonly handler: RetryParkedJobHandler) {}

  @Post(':id/retry')
  @HttpCode(200)
  retry(@Param('id') id: string): Promise<{ retried: true }> {
    return this.handler.retry(id);
  }
}
