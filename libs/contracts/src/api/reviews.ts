/** Reviews of completed orders (issue 24): each party reviews the other once, 1–5 stars. */
export const REVIEW_ROLES = ['buyer', 'seller'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;

/** `POST /api/v1/orders/{id}/review`. */
export interface LeaveReviewRequest {
  rating: number;
  comment?: string | null;
}

/** `POST /api/v1/reviews/{id}/reply`. */
export interface ReplyToReviewRequest {
  text: string;
}

export interface ReviewReplyView {
  text: string;
  /** ISO 8601 instant. */
  createdAt: string;
}

export interface ReviewView {
  id: string;
  orderId: string;
  listingTitle: string;
  authorId: string;
  authorRole: ReviewRole;
  subjectId: string;
  subjectRole: ReviewRole;
  rating: number;
  comment: string | null;
  createdAt: string;
  /** Null while hidden (the other party has not reviewed and the window is open). */
  publishedAt: string | null;
  reply: ReviewReplyView | null;
}

/** Average of the published reviews (2 decimals; null when there are none) and their count. */
export interface RatingSummary {
  average: number | null;
  count: number;
}

/** `GET /api/v1/users/{userId}/reviews`: published reviews of a user, newest first. */
export interface UserReviewsPage {
  summary: RatingSummary;
  items: ReviewView[];
  nextCursor: string | null;
}

/** `GET /api/v1/orders/{id}/review`: the caller's side of an order's reviews. */
export interface OrderReviewState {
  orderId: string;
  /** The caller may still leave their review. */
  canReview: boolean;
  /** When the window closes (completion + 30 days); null until the order is completed. */
  windowClosesAt: string | null;
  mine: ReviewView | null;
  /** The other party's review, once published. */
  theirs: ReviewView | null;
}

/** The summary of `count` reviews whose stars add up to `sum`: average to 2 decimals. */
export function ratingSummaryOf(count: number, sum: number): RatingSummary {
  if (count <= 0) return { average: null, count: 0 };
  return { average: Math.round((sum * 100) / count) / 100, count };
}
