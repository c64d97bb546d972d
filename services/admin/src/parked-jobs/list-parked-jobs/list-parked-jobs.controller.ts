import { Controller, Get, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Roles } from '@loadout/auth';
import { type ParkedJobSourceDto } from '@loadout/contracts';
import { bearerOf } from '../../shared/bearer';
import { OrdersParkedJobs } from '../orders-parked-jobs';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/parked-jobs')
export class ListParkedJobsController {
  constructor(private readonly orders: OrdersParkedJobs) {}

  /** Orders' jobs that exhausted their attempts, oldest parked first. */
  @Roles('admin')
  @Get()
  async list(@Req() req: FastifyRequest): Promise<{ sources: ParkedJobSourceDto[] }> {
    return { sources: [await this.orders.list(bearerOf(req))] };
  }
}
