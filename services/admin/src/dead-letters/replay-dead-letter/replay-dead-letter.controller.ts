import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { bearerOf } from '../../shared/bearer';
import { DeadLetterActions } from './replay-dead-letter.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/dead-letters')
export class ReplayDeadLetterController {
  constructor(private readonly actions: DeadLetterActions) {}

  /** Processes the event again through its consumer group's idempotent consumer. */
  @Roles('admin')
  @Post(':service/:consumer/:eventId/replay')
  @HttpCode(200)
  replay(
    @Param('service') service: string,
    @Param('consumer') consumer: string,
    @Param('eventId') eventId: string,
    @CurrentUser() admin: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<{ replayed: true }> {
    return this.actions.replay({ service, consumer, eventId }, admin.id, bearerOf(req));
  }
}
