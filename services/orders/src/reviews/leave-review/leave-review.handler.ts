import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type ReviewView } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { leaveReview, type ReviewInput, type ReviewRules } from '../domain/review';
import { ReviewRepository } from '../domain/review-repository.port';
import { REVIEW_RULES } from '../review-rules';
import { toReviewView } from '../review-view';

/**
 * A party of a completed order reviews the other. The order's reviews are serialised, so of
 * two parties reviewing at once the second sees the first: both are published together.
 */
@Injectable()
export class LeaveReviewHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reviews: ReviewRepository,
    @Inject(REVIEW_RULES) private readonly rules: ReviewRules,
  ) {}

  async leave(
    orderId: string,
    input: ReviewInput,
    user: AuthUser,
    requestId?: string,
  ): Promise<ReviewView> {
    const review = await this.uow.transaction(async (tx) => {
      const order = await this.reviews.lockOrder(tx, orderId);
      const existing = order ? await this.reviews.forOrder(tx, orderId) : [];
      const decision = leaveReview(
        order,
        user.id,
        input,
        existing,
        { reviewId: newId() },
        new Date(),
        this.rules,
      );
      await this.reviews.insert(tx, decision.review);
      await this.reviews.publish(tx, decision.publish, { actorId: user.id, requestId });
      return decision.review;
    });
    return toReviewView(review);
  }
}
