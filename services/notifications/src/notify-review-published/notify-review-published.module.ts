import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { NotifyReviewPublishedController } from './notify-review-published.controller';
import { NotifyReviewPublishedHandler } from './notify-review-published.handler';

/** The reviewed user's "you have a new review" notice (in-app only). */
@Module({
  imports: [InboxModule],
  controllers: [NotifyReviewPublishedController],
  providers: [NotifyReviewPublishedHandler],
})
export class NotifyReviewPublishedModule {}
