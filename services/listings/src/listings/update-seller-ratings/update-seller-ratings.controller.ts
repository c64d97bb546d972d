import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { inConsumerTransaction } from '@loadout/service-kit';
import { SELLER_EVENTS } from '../../event-servers';
import { UpdateSellerRatingsHandler } from './update-seller-ratings.handler';

/** Consumer of orders' published reviews (group `listings`, once per event id). */
@Controller()
export class UpdateSellerRatingsController {
  constructor(private readonly handler: UpdateSellerRatingsHandler) {}

  @EventPattern('orders.review.published.v1', SELLER_EVENTS)
  onReviewPublished(
    @Payload() event: EventOf<'orders.review.published.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return inConsumerTransaction(ctx.getTransaction(), (tx) =>
      this.handler.reviewPublished(tx, event),
    );
  }
}
