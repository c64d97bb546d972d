import { type Tx } from '@loadout/service-kit/tx';
import { type Review, type ReviewableOrder } from './review';

/** Who caused a change, for its events (null: the publisher). */
export interface ReviewChangeMeta {
  actorId: string | null;
  requestId?: string;
}

export interface ReviewsPage {
  items: Review[];
  nextCursor: string | null;
}

/**
 * Reviews and the order facts they need. `publish` stores the publication and appends one
 * `orders.review.published.v1` per review in the caller's transaction (both commit together).
 */
export abstract class ReviewRepository {
  /**
   * The order's facts, with the order's reviews serialised until the transaction ends (two
   * parties reviewing at once: the second sees the first and publishes both).
   */
  abstract lockOrder(tx: Tx, orderId: string): Promise<ReviewableOrder | null>;
  abstract findOrder(tx: Tx, orderId: string): Promise<ReviewableOrder | null>;
  abstract forOrder(tx: Tx, orderId: string): Promise<Review[]>;
  abstract insert(tx: Tx, review: Review): Promise<void>;
  abstract publish(tx: Tx, reviews: readonly Review[], meta: ReviewChangeMeta): Promise<void>;
  /** The review, locked until the transaction ends. */
  abstract lock(tx: Tx, id: string): Promise<Review | null>;
  abstract saveReply(tx: Tx, review: Review): Promise<void>;
  /** The oldest hidden review whose window has closed, claimed (`SKIP LOCKED`). */
  abstract claimDue(tx: Tx, now: Date): Promise<Review | null>;
  /** Published reviews of a user, newest first, keyset-paged. */
  abstract publishedAbout(
    tx: Tx,
    userId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<ReviewsPage>;
  /** Count and integer sum of the stars of a user's published reviews. */
  abstract ratingOf(tx: Tx, userId: string): Promise<{ count: number; sum: number }>;
}
