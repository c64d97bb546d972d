import { Module } from '@nestjs/common';
import { pgAsUnitOfWork, pgUnitOfWorkProvider } from '@loadout/service-kit';
import { ReviewRepository } from './domain/review-repository.port';
import { LeaveReviewController } from './leave-review/leave-review.controller';
import { LeaveReviewHandler } from './leave-review/leave-review.handler';
import { ListUserReviewsController } from './list-user-reviews/list-user-reviews.controller';
import { ListUserReviewsQuery } from './list-user-reviews/list-user-reviews.query';
import { ReviewEvents } from './persistence/review-events';
import { SqlReviewRepository } from './persistence/review.repository';
import { ReviewsPublisher } from './publish-due-reviews/reviews-publisher';
import { ReplyToReviewController } from './reply-to-review/reply-to-review.controller';
import { ReplyToReviewHandler } from './reply-to-review/reply-to-review.handler';
import { reviewRulesProvider } from './review-rules';
import { ViewOrderReviewController } from './view-order-review/view-order-review.controller';
import { ViewOrderReviewQuery } from './view-order-review/view-order-review.query';

/** Reviews of completed orders (issue 24, ADR 0028). */
@Module({
  controllers: [
    LeaveReviewController,
    ViewOrderReviewController,
    ListUserReviewsController,
    ReplyToReviewController,
  ],
  providers: [
    pgUnitOfWorkProvider,
    pgAsUnitOfWork,
    reviewRulesProvider,
    { provide: ReviewRepository, useClass: SqlReviewRepository },
    ReviewEvents,
    LeaveReviewHandler,
    ViewOrderReviewQuery,
    ListUserReviewsQuery,
    ReplyToReviewHandler,
    ReviewsPublisher,
  ],
  exports: [ReviewsPublisher],
})
export class ReviewsModule {}
