import { Injectable } from '@nestjs/common';
import { type UserReviewsPage } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { ratingSummary } from '../domain/review';
import { ReviewRepository } from '../domain/review-repository.port';
import { toReviewView } from '../review-view';

/** A user's published reviews, newest first, with the summary of all of them. */
@Injectable()
export class ListUserReviewsQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reviews: ReviewRepository,
  ) {}

  list(userId: string, cursor: string | undefined, limit: number): Promise<UserReviewsPage> {
    return this.uow.read(async (tx) => {
      const { count, sum } = await this.reviews.ratingOf(tx, userId);
      const page = await this.reviews.publishedAbout(tx, userId, cursor, limit);
      return {
        summary: ratingSummary(count, sum),
        items: page.items.map(toReviewView),
        nextCursor: page.nextCursor,
      };
    });
  }
}
