import { Controller, Get, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Roles } from '@loadout/auth';
import { type AdminStatsDto } from '@loadout/contracts';
import { bearerOf } from '../../shared/bearer';
import { ViewStatsHandler } from './view-stats.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/stats')
export class ViewStatsController {
  constructor(private readonly handler: ViewStatsHandler) {}

  @Roles('admin')
  @Get()
  view(@Req() req: FastifyRequest): Promise<AdminStatsDto> {
    return this.handler.view(bearerOf(req));
  }
}
