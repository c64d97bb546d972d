import { type OrderReviewState, type ReviewView, type UserReviewsPage } from '@loadout/contracts';
import { ReviewsPublisher } from '../../src/reviews/publish-due-reviews/reviews-publisher';
import { type TestUser } from '../factories/user.factory';
import { type OrdersHarness, shippedOrder } from './orders-harness';

/** A completed order (shipped, then the buyer confirmed delivery). */
export async function completedOrder(h: OrdersHarness) {
  const o = await shippedOrder(h);
  const done = await h.action(o.buyer, o.orderId, 'confirm-delivery');
  expect(done.status).toBe(200);
  expect(done.body.status).toBe('completed');
  return o;
}

export const review = (
  h: OrdersHarness,
  user: TestUser,
  orderId: string,
  json: unknown = { rating: 5, comment: 'Smooth sale' },
) => h.call<ReviewView>(`/api/v1/orders/${orderId}/review`, { token: user.token, json });

export const orderReview = (h: OrdersHarness, user: TestUser, orderId: string) =>
  h.call<OrderReviewState>(`/api/v1/orders/${orderId}/review`, { token: user.token });

export const reviewsOf = (h: OrdersHarness, userId: string, query = '') =>
  h.call<UserReviewsPage>(`/api/v1/users/${userId}/reviews${query}`);

/** Runs the publisher as if `days` had passed. */
export const publishAfterDays = (h: OrdersHarness, days: number) =>
  h.app.get(ReviewsPublisher).publishDue(new Date(Date.now() + days * 86_400_000));

export async function reviewEvents(h: OrdersHarness, orderId: string) {
  const rows = (await h.ds.query(
    `SELECT envelope->'payload' AS payload FROM orders.outbox
      WHERE topic = 'orders.review.published.v1' AND envelope->'payload'->>'orderId' = $1
      ORDER BY seq`,
    [orderId],
  )) as { payload: Record<string, unknown> }[];
  return rows.map((r) => r.payload);
}
