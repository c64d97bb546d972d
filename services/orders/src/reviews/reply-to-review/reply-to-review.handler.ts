import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type ReviewView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { replyToReview } from '../domain/review';
import { ReviewRepository } from '../domain/review-repository.port';
import { toReviewView } from '../review-view';

/** The reviewed seller replies once, publicly, on the locked review (a second reply: 409). */
@Injectable()
export class ReplyToReviewHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reviews: ReviewRepository,
  ) {}

  async reply(id: string, text: string, user: AuthUser): Promise<ReviewView> {
    const review = await this.uow.transaction(async (tx) => {
      const replied = replyToReview(await this.reviews.lock(tx, id), user.id, text, new Date());
      await this.reviews.saveReply(tx, replied);
      return replied;
    });
    return toReviewView(review);
  }
}
