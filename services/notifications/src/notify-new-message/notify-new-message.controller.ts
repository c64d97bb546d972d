import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { NotifyNewMessageHandler } from './notify-new-message.handler';

/** Consumer of messaging's `message.sent` (group `notifications`), once per event id. */
@Controller()
export class NotifyNewMessageController {
  constructor(private readonly handler: NotifyNewMessageHandler) {}

  @EventPattern('messaging.message.sent.v1')
  onSent(
    @Payload() event: EventOf<'messaging.message.sent.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.handle(ctx.getTransaction(), event);
  }
}
