import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { SendStatementOfReasonsHandler } from './send-statement-of-reasons.handler';

/** Consumer of the admin service's `moderation.decided` (group `notifications`). */
@Controller()
export class SendStatementOfReasonsController {
  constructor(private readonly handler: SendStatementOfReasonsHandler) {}

  @EventPattern('admin.moderation.decided.v1')
  async onDecided(
    @Payload() event: EventOf<'admin.moderation.decided.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.handle(ctx.getTransaction(), event);
  }
}
