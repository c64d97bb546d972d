import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { bearerOf } from '../../shared/bearer';
import { DeadLetterActions } from '../replay-dead-letter/replay-dead-letter.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/dead-letters')
export class DiscardDeadLetterController {
  constructor(private readonly actions: DeadLetterActions) {}

  /** Drops the dead letter; the event stays unprocessed. */
  @Roles('admin')
  @Delete(':service/:consumer/:eventId')
  @HttpCode(204)
  discard(
    @Param('service') service: string,
    @Param('consumer') consumer: string,
    @Param('eventId') eventId: string,
    @CurrentUser() admin: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    return this.actions.discard({ service, consumer, eventId }, admin.id, bearerOf(req));
  }
}
