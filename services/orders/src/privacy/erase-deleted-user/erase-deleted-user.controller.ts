import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { inConsumerTransaction } from '@loadout/service-kit';
import { OrdersPrivacyRepository } from '../persistence/privacy.repository';

/**
 * Consumer of identity's account deletions (group `orders`, once per event id, in the
 * consumer's transaction; ADR 0039): the user's delivery addresses erased now (county kept),
 * their seller name replaced, their idempotency keys gone. Orders, amounts, dates and the
 * ledger stay: the law requires them for completed orders. A replay changes nothing more.
 */
@Controller()
export class EraseDeletedUserController {
  constructor(private readonly privacy: OrdersPrivacyRepository) {}

  @EventPattern('identity.user.deleted.v1')
  async onDeleted(
    @Payload() event: EventOf<'identity.user.deleted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await inConsumerTransaction(ctx.getTransaction(), (tx) =>
      this.privacy.eraseUser(tx, event.payload.userId, new Date()),
    );
  }
}
