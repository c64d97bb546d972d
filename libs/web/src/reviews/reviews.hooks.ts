import { type LeaveReviewRequest } from '@loadout/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchOrderReview,
  fetchUserReviews,
  leaveReview,
  replyToReview,
  reviewKeys,
} from './reviews.api';

/** The caller's side of an order's reviews (may they review, theirs, the other's once public). */
export function useOrderReview(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reviewKeys.order(orderId),
    queryFn: ({ signal }) => fetchOrderReview(orderId, { signal }),
    enabled: enabled && Boolean(orderId),
  });
}

/** A user's published reviews and rating summary, newest first, one page per `nextCursor`. */
export function useUserReviews(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: reviewKeys.user(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchUserReviews(userId, pageParam, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && Boolean(userId),
  });
}

export function useLeaveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: LeaveReviewRequest }) =>
      leaveReview(orderId, input),
    // A repeat would meet "already reviewed": the first answer is the one to show.
    retry: false,
    onSuccess: (review) => {
      void client.invalidateQueries({ queryKey: reviewKeys.order(review.orderId) });
      void client.invalidateQueries({ queryKey: reviewKeys.user(review.subjectId) });
    },
  });
}

export function useReplyToReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) =>
      replyToReview(reviewId, { text }),
    retry: false,
    onSuccess: (review) => {
      void client.invalidateQueries({ queryKey: reviewKeys.user(review.subjectId) });
    },
  });
}
