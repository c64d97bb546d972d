// Typed calls of the reviews API (libs/contracts/src/api/reviews.ts, served by orders) and their
// query keys, shared by the orders remote (leave a review) and the marketplace (seller pages).
import {
  type LeaveReviewRequest,
  type OrderReviewState,
  type ReplyToReviewRequest,
  type ReviewView,
  type UserReviewsPage,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

/** Reviews per page of a seller's list. */
export const REVIEWS_PAGE_SIZE = 10;

export const reviewKeys = {
  all: ['reviews'] as const,
  order: (orderId: string) => ['reviews', 'order', orderId] as const,
  user: (userId: string) => ['reviews', 'user', userId] as const,
};

interface CallOptions {
  signal?: AbortSignal;
}

const orderPath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}/review`;

export function fetchOrderReview(
  orderId: string,
  { signal }: CallOptions = {},
): Promise<OrderReviewState> {
  return apiFetch<OrderReviewState>(orderPath(orderId), { signal });
}

export function leaveReview(orderId: string, input: LeaveReviewRequest): Promise<ReviewView> {
  return apiFetch<ReviewView>(orderPath(orderId), { method: 'POST', json: input });
}

export function fetchUserReviews(
  userId: string,
  cursor: string | null,
  { signal }: CallOptions = {},
): Promise<UserReviewsPage> {
  return apiFetch<UserReviewsPage>(`/api/v1/users/${encodeURIComponent(userId)}/reviews`, {
    signal,
    publicRead: true,
    query: { cursor, limit: REVIEWS_PAGE_SIZE },
  });
}

export function replyToReview(reviewId: string, input: ReplyToReviewRequest): Promise<ReviewView> {
  return apiFetch<ReviewView>(`/api/v1/reviews/${encodeURIComponent(reviewId)}/reply`, {
    method: 'POST',
    json: input,
  });
}
