/**
 * `orders.review.published.v1`: a review of a completed order became public (both parties
 * reviewed, or the 30-day window closed). Carries the subject's rating summary after it, so a
 * read model keeps the summary with the highest `count` and needs no history.
 */
export interface ReviewPublishedV1 {
  reviewId: string;
  orderId: string;
  listingId: string;
  /** The item's title as the order recorded it at checkout. */
  listingTitle: string;
  authorId: string;
  authorRole: 'buyer' | 'seller';
  /** The reviewed user. */
  subjectId: string;
  subjectRole: 'buyer' | 'seller';
  /** 1 to 5 stars. */
  rating: number;
  comment: string | null;
  createdAt: string;
  publishedAt: string;
  /** Every published review of the subject, this one included: integer stars summed. */
  subjectRating: { count: number; sum: number };
}
