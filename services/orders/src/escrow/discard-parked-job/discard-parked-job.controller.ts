import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { DiscardParkedJobHandler } from './discard-parked-job.handler';

/** `DELETE /internal/jobs/parked/:id` (admins; see ListParkedJobsController). */
@ApiExcludeController()
@Roles('admin')
@Controller('internal/jobs/parked')
export class DiscardParkedJobController {
  constructor(private readonly handler: DiscardParkedJobHandler) {}

  @Delete(':id')
  @HttpCode(204)
  discard(@Param('id') id: string): Promise<void> {
    return this.handler.discard(id);
  }
}
