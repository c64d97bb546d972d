import {
  type ErrorBody,
  paidOrder,
  shippedOrder,
  useOrdersHarness,
} from './support/orders-harness';
import { completedOrder, orderReview, review, reviewEvents, reviewsOf } from './support/reviews';

jest.setTimeout(90_000);

describe('leave a review', () => {
  const h = useOrdersHarness('orders_leave_review');

  it('refuses a review without a completed order', async () => {
    const paid = await paidOrder(h);
    const shipped = await shippedOrder(h);
    for (const o of [paid, shipped]) {
      const res = await review(h, o.buyer, o.orderId);
      expect(res.status).toBe(409);
      expect((res.body as unknown as ErrorBody).code).toBe('ORDERS.REVIEW_ORDER_NOT_COMPLETED');
    }
    const rows = (await h.ds.query(`SELECT count(*)::int AS n FROM orders.reviews`)) as {
      n: number;
    }[];
    expect(rows[0]!.n).toBe(0);
  });

  it('answers a stranger and an unknown order with 404', async () => {
    const o = await completedOrder(h);
    const stranger = await h.user();
    const admin = await h.user(['admin']);
    for (const [user, id] of [
      [stranger, o.orderId],
      [admin, o.orderId],
      [o.buyer, 'no-such-order'],
    ] as const) {
      const res = await review(h, user, id);
      expect(res.status).toBe(404);
      expect((res.body as unknown as ErrorBody).code).toBe('ORDERS.NOT_FOUND');
      expect((await orderReview(h, user, id)).status).toBe(404);
    }
    expect((await h.call(`/api/v1/orders/${o.orderId}/review`)).status).toBe(401);
  });

  it('refuses a second review by the same party', async () => {
    const o = await completedOrder(h);
    expect((await review(h, o.buyer, o.orderId)).status).toBe(201);
    const again = await review(h, o.buyer, o.orderId, { rating: 1 });
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorBody).code).toBe('ORDERS.REVIEW_ALREADY_LEFT');
  });

  it('refuses a review once the 30-day window has closed', async () => {
    const o = await completedOrder(h);
    await h.ds.query(
      `UPDATE orders.orders SET completed_at = now() - interval '30 days 1 minute' WHERE id = $1`,
      [o.orderId],
    );
    const res = await review(h, o.seller, o.orderId);
    expect(res.status).toBe(409);
    expect((res.body as unknown as ErrorBody).code).toBe('ORDERS.REVIEW_WINDOW_CLOSED');
  });

  it('refuses a rating outside 1-5 and a comment over 1,000 characters, never a 5xx', async () => {
    const o = await completedOrder(h);
    for (const json of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      { rating: 5, comment: 'x'.repeat(1001) },
      { rating: 5, comment: 12 },
      {},
      null,
    ]) {
      const res = await review(h, o.buyer, o.orderId, json);
      expect(res.status).toBe(400);
    }
    expect((await review(h, o.buyer, o.orderId, { rating: 5, comment: null })).status).toBe(201);
  });

  it('hides a review from everyone but its author until the other party reviews', async () => {
    const o = await completedOrder(h);
    const mine = await review(h, o.buyer, o.orderId, { rating: 4, comment: 'Grand' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ rating: 4, comment: 'Grand', publishedAt: null });

    expect((await reviewsOf(h, o.seller.id)).body).toEqual({
      summary: { average: null, count: 0 },
      items: [],
      nextCursor: null,
    });
    const sellerView = await orderReview(h, o.seller, o.orderId);
    expect(sellerView.body).toMatchObject({ canReview: true, mine: null, theirs: null });
    const buyerView = await orderReview(h, o.buyer, o.orderId);
    expect(buyerView.body).toMatchObject({ canReview: false, mine: { rating: 4 }, theirs: null });
    expect(await reviewEvents(h, o.orderId)).toEqual([]);
  });

  it('publishes both reviews, with their events, when the second party reviews', async () => {
    const o = await completedOrder(h);
    await review(h, o.buyer, o.orderId, { rating: 4, comment: 'Grand' });
    const second = await review(h, o.seller, o.orderId, { rating: 5, comment: 'Paid fast' });
    expect(second.status).toBe(201);
    expect(second.body.publishedAt).not.toBeNull();

    const ofSeller = await reviewsOf(h, o.seller.id);
    expect(ofSeller.status).toBe(200);
    expect(ofSeller.body.summary).toEqual({ average: 4, count: 1 });
    expect(ofSeller.body.items).toEqual([
      expect.objectContaining({ authorId: o.buyer.id, rating: 4, comment: 'Grand' }),
    ]);
    const ofBuyer = await reviewsOf(h, o.buyer.id);
    expect(ofBuyer.body.items).toEqual([
      expect.objectContaining({ authorId: o.seller.id, subjectRole: 'buyer', rating: 5 }),
    ]);
    expect((await orderReview(h, o.buyer, o.orderId)).body.theirs).toMatchObject({ rating: 5 });

    const events = await reviewEvents(h, o.orderId);
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subjectId: o.seller.id,
          rating: 4,
          subjectRating: { count: 1, sum: 4 },
        }),
        expect.objectContaining({
          subjectId: o.buyer.id,
          rating: 5,
          subjectRating: { count: 1, sum: 5 },
        }),
      ]),
    );
  });

  it('publishes both when the two parties review at the same moment', async () => {
    const o = await completedOrder(h);
    const [a, b] = await Promise.all([
      review(h, o.buyer, o.orderId, { rating: 3 }),
      review(h, o.seller, o.orderId, { rating: 2 }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const rows = (await h.ds.query(
      `SELECT author_role, published_at IS NOT NULL AS published FROM orders.reviews
        WHERE order_id = $1 ORDER BY author_role`,
      [o.orderId],
    )) as { author_role: string; published: boolean }[];
    expect(rows).toEqual([
      { author_role: 'buyer', published: true },
      { author_role: 'seller', published: true },
    ]);
    expect(await reviewEvents(h, o.orderId)).toHaveLength(2);
  });

  it('takes one of ten concurrent reviews by the same party', async () => {
    const o = await completedOrder(h);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => review(h, o.buyer, o.orderId)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
  });
});
