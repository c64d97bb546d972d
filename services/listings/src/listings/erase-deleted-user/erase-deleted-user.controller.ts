import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { inConsumerTransaction } from '@loadout/service-kit';
import { SELLER_EVENTS } from '../../event-servers';
import { EraseDeletedUserHandler } from './erase-deleted-user.handler';

/** Consumer of identity's account deletions (group `listings`, once per event id; ADR 0039). */
@Controller()
export class EraseDeletedUserController {
  constructor(private readonly handler: EraseDeletedUserHandler) {}

  @EventPattern('identity.user.deleted.v1', SELLER_EVENTS)
  async onDeleted(
    @Payload() event: EventOf<'identity.user.deleted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await inConsumerTransaction(ctx.getTransaction(), (tx) => this.handler.erase(tx, event));
  }
}
