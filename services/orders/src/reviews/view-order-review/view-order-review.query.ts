import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderReviewState } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { canRead, roleIn, windowClosesAt, type ReviewRules } from '../domain/review';
import { reviewOrderNotFound } from '../domain/review.errors';
import { ReviewRepository } from '../domain/review-repository.port';
import { REVIEW_RULES } from '../review-rules';
import { toReviewView } from '../review-view';

/** A party's view of an order's reviews: theirs, the other's once published, and whether they may review. */
@Injectable()
export class ViewOrderReviewQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reviews: ReviewRepository,
    @Inject(REVIEW_RULES) private readonly rules: ReviewRules,
  ) {}

  view(orderId: string, user: AuthUser): Promise<OrderReviewState> {
    return this.uow.read(async (tx) => {
      const order = await this.reviews.findOrder(tx, orderId);
      const role = order ? roleIn(order, user.id) : null;
      if (!order || !role) throw reviewOrderNotFound();
      const reviews = await this.reviews.forOrder(tx, orderId);
      const mine = reviews.find((r) => r.authorRole === role) ?? null;
      const theirs = reviews.find((r) => r.authorRole !== role) ?? null;
      const closes =
        order.status === 'completed' && order.completedAt
          ? windowClosesAt(order.completedAt, this.rules)
          : null;
      return {
        orderId,
        canReview: !mine && closes !== null && Date.now() < closes.getTime(),
        windowClosesAt: closes?.toISOString() ?? null,
        mine: mine ? toReviewView(mine) : null,
        theirs: theirs && canRead(theirs, user.id) ? toReviewView(theirs) : null,
      };
    });
  }
}
