import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { NotifyReviewPublishedHandler } from './notify-review-published.handler';

/** Consumer of orders' `review.published` (group `notifications`), once per event id. */
@Controller()
export class NotifyReviewPublishedController {
  constructor(private readonly handler: NotifyReviewPublishedHandler) {}

  @EventPattern('orders.review.published.v1')
  async onPublished(
    @Payload() event: EventOf<'orders.review.published.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.handle(ctx.getTransaction(), event);
  }
}
