import { type ReviewView } from '@loadout/contracts';
import { type ErrorBody, useOrdersHarness } from './support/orders-harness';
import { completedOrder, review, reviewsOf } from './support/reviews';

jest.setTimeout(90_000);

describe("a user's reviews and the seller's reply", () => {
  const h = useOrdersHarness('orders_user_reviews');

  /** A completed order of `seller` that both parties reviewed (so both are published). */
  async function reviewedSale(rating: number, comment: string) {
    const o = await completedOrder(h);
    expect((await review(h, o.buyer, o.orderId, { rating, comment })).status).toBe(201);
    expect((await review(h, o.seller, o.orderId, { rating: 5 })).status).toBe(201);
    return o;
  }

  it('lists published reviews newest first with the average and count, paged', async () => {
    const first = await reviewedSale(5, 'first');
    // The same seller sells twice more: move the later orders onto the first seller.
    const more = [await reviewedSale(4, 'second'), await reviewedSale(3, 'third')];
    await h.ds.query(
      `UPDATE orders.reviews SET subject_id = $1 WHERE subject_role = 'seller'
                        AND order_id = ANY($2)`,
      [first.seller.id, more.map((o) => o.orderId)],
    );

    const page1 = await reviewsOf(h, first.seller.id, '?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.summary).toEqual({ average: 4, count: 3 });
    expect(page1.body.items.map((r) => r.comment)).toEqual(['third', 'second']);
    const page2 = await reviewsOf(
      h,
      first.seller.id,
      `?limit=2&cursor=${encodeURIComponent(page1.body.nextCursor!)}`,
    );
    expect(page2.body.items.map((r) => r.comment)).toEqual(['first']);
    expect(page2.body.nextCursor).toBeNull();
  });

  it('answers a bad cursor or limit with 400 and an unknown user with an empty page', async () => {
    expect((await reviewsOf(h, 'someone', '?cursor=not-a-cursor')).status).toBe(400);
    expect((await reviewsOf(h, 'someone', '?limit=500')).status).toBe(400);
    expect((await reviewsOf(h, 'x'.repeat(100))).body).toMatchObject({ items: [] });
  });

  it('lets the reviewed seller reply once, publicly', async () => {
    const o = await reviewedSale(4, 'Grand');
    const [ofSeller] = (await reviewsOf(h, o.seller.id)).body.items as [ReviewView];
    const reply = (user: { token: string }, text: string) =>
      h.call<ReviewView>(`/api/v1/reviews/${ofSeller.id}/reply`, {
        token: user.token,
        json: { text },
      });

    const byBuyer = await reply(o.buyer, 'Me too');
    expect(byBuyer.status).toBe(403);
    expect((byBuyer.body as unknown as ErrorBody).code).toBe('ORDERS.REVIEW_REPLY_NOT_ALLOWED');

    const ok = await reply(o.seller, 'Thanks, enjoy it!');
    expect(ok.status).toBe(200);
    expect(ok.body.reply).toMatchObject({ text: 'Thanks, enjoy it!' });
    expect((await reviewsOf(h, o.seller.id)).body.items[0]!.reply).toMatchObject({
      text: 'Thanks, enjoy it!',
    });

    const again = await reply(o.seller, 'And again');
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorBody).code).toBe('ORDERS.REVIEW_REPLY_ALREADY_LEFT');
  });

  it('answers a reply to a hidden or unknown review with 404, and without a token 401', async () => {
    const o = await completedOrder(h);
    const hidden = await review(h, o.buyer, o.orderId, { rating: 1 });
    for (const id of [hidden.body.id, 'no-such-review']) {
      const res = await h.call(`/api/v1/reviews/${id}/reply`, {
        token: o.seller.token,
        json: { text: 'Hm' },
      });
      expect(res.status).toBe(404);
      expect((res.body as ErrorBody).code).toBe('ORDERS.REVIEW_NOT_FOUND');
    }
    const anonymous = await h.call(`/api/v1/reviews/${hidden.body.id}/reply`, {
      json: { text: 'Hm' },
    });
    expect(anonymous.status).toBe(401);
  });
});
