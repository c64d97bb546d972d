import { DEMO_SALES, DEMO_SELLER_ID, seedDemoReviews } from '../src/seed/demo-reviews';
import { useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

interface ReviewsPage {
  summary: { average: number | null; count: number };
  items: { rating: number; comment: string | null; listingTitle?: string }[];
}

/** The development seed's completed sales with published reviews (ADR 0037). */
describe('demo reviews seed', () => {
  const h = useOrdersHarness('orders_seed_reviews');

  it('gives the demo seller completed sales with published reviews, once, with balanced ledgers', async () => {
    const first = await seedDemoReviews(h.ds);
    expect(first).toEqual({ created: 3, total: 3, rating: { count: 3, sum: 14 } });

    // The public seller page's read: a rating and the reviews, newest first.
    const page = await h.call<ReviewsPage>(`/api/v1/users/${DEMO_SELLER_ID}/reviews`);
    expect(page.status).toBe(200);
    expect(page.body.summary.count).toBe(3);
    expect(page.body.summary.average).toBeCloseTo(14 / 3, 1);
    expect(page.body.items.map((r) => r.rating)).toEqual([5, 4, 5]);

    const orders = (await h.ds.query(
      `SELECT status, completed_at IS NOT NULL AS done FROM orders.orders WHERE seller_id = $1`,
      [DEMO_SELLER_ID],
    )) as { status: string; done: boolean }[];
    expect(orders).toHaveLength(3);
    expect(orders.every((o) => o.status === 'completed' && o.done)).toBe(true);
    // No job would act on a past sale.
    const [{ jobs }] = (await h.ds.query(
      `SELECT count(*)::int AS jobs FROM orders.jobs WHERE order_id = ANY($1::text[])`,
      [DEMO_SALES.map((s) => s.orderId)],
    )) as { jobs: number }[];
    expect(jobs).toBe(0);
    const events = (await h.ds.query(
      `SELECT topic, envelope->'payload'->'subjectRating' AS rating FROM orders.outbox
        WHERE topic LIKE 'orders.%' AND aggregate_id LIKE 'demo-review-%' ORDER BY seq`,
    )) as { topic: string; rating: { count: number } }[];
    expect(events.map((e) => e.topic)).toEqual(Array(6).fill('orders.review.published.v1'));

    const ledger = await h.ledgerCheck();
    expect(ledger).toMatchObject({ ok: true, unbalancedOrders: [] });

    // Re-running changes nothing.
    expect(await seedDemoReviews(h.ds)).toEqual({
      created: 0,
      total: 3,
      rating: { count: 3, sum: 14 },
    });
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.outbox WHERE aggregate_id LIKE 'demo-review-%'`,
    )) as { n: number }[];
    expect(n).toBe(6);
  });
});
