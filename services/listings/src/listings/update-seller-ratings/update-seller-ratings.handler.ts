import { Injectable } from '@nestjs/common';
import { type Tx } from '@loadout/service-kit';
import { type EventOf } from '@loadout/contracts';
import { SellerRatingRepository } from '../persistence/seller-rating.repository';

/** Keeps each user's rating summary from orders' published reviews (consumer's transaction). */
@Injectable()
export class UpdateSellerRatingsHandler {
  constructor(private readonly ratings: SellerRatingRepository) {}

  async reviewPublished(tx: Tx, event: EventOf<'orders.review.published.v1'>) {
    const p = event.payload;
    await this.ratings.apply(tx, {
      sellerId: p.subjectId,
      count: p.subjectRating.count,
      sum: p.subjectRating.sum,
    });
  }
}
