import { Controller, Get, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Roles } from '@loadout/auth';
import { type DeadLetterSourceDto } from '@loadout/contracts';
import { bearerOf } from '../../shared/bearer';
import { DeadLetterSources } from '../dead-letter-sources';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/dead-letters')
export class ListDeadLettersController {
  constructor(private readonly sources: DeadLetterSources) {}

  /** The dead letters of every service, newest first within each. */
  @Roles('admin')
  @Get()
  async list(@Req() req: FastifyRequest): Promise<{ sources: DeadLetterSourceDto[] }> {
    return { sources: await this.sources.list(bearerOf(req)) };
  }
}
