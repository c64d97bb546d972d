import { UnitOfWork } from '@loadout/service-kit';
import { ReviewRepository } from '../src/reviews/domain/review-repository.port';
import { useOrdersHarness } from './support/orders-harness';
import {
  completedOrder,
  publishAfterDays,
  review,
  reviewEvents,
  reviewsOf,
} from './support/reviews';

jest.setTimeout(90_000);

describe('publish reviews when the window closes', () => {
  const h = useOrdersHarness('orders_publish_reviews');

  it('publishes a lone review after 30 days, not before, once', async () => {
    const o = await completedOrder(h);
    expect((await review(h, o.buyer, o.orderId, { rating: 2, comment: 'Slow' })).status).toBe(201);

    await publishAfterDays(h, 29);
    expect((await reviewsOf(h, o.seller.id)).body.items).toEqual([]);

    await publishAfterDays(h, 31);
    const page = await reviewsOf(h, o.seller.id);
    expect(page.body.summary).toEqual({ average: 2, count: 1 });
    expect(page.body.items).toEqual([expect.objectContaining({ rating: 2, comment: 'Slow' })]);
    await publishAfterDays(h, 32);
    expect(await reviewEvents(h, o.orderId)).toEqual([
      expect.objectContaining({
        subjectId: o.seller.id,
        authorRole: 'buyer',
        subjectRating: { count: 1, sum: 2 },
      }),
    ]);
  });

  it('gives two publishers different due reviews (SKIP LOCKED), each published once', async () => {
    const orders = [await completedOrder(h), await completedOrder(h)];
    for (const o of orders) await review(h, o.seller, o.orderId, { rating: 5 });
    const uow = h.app.get(UnitOfWork);
    const repo = h.app.get(ReviewRepository);
    const later = new Date(Date.now() + 31 * 86_400_000);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimed!: (id: string | undefined) => void;
    const firstClaim = new Promise<string | undefined>((resolve) => (claimed = resolve));
    const first = uow.transaction(async (tx) => {
      claimed((await repo.claimDue(tx, later))?.id);
      await held;
    });
    const a = await firstClaim;
    const b = await uow.transaction(async (tx) => (await repo.claimDue(tx, later))?.id);
    release();
    await first;
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);

    await Promise.all([publishAfterDays(h, 31), publishAfterDays(h, 31)]);
    for (const o of orders) expect(await reviewEvents(h, o.orderId)).toHaveLength(1);
  });

  it('announces a review once even when a second publication races the first', async () => {
    const o = await completedOrder(h);
    await review(h, o.buyer, o.orderId, { rating: 3 });
    await publishAfterDays(h, 31);
    const uow = h.app.get(UnitOfWork);
    const repo = h.app.get(ReviewRepository);
    const [stored] = await uow.read((tx) => repo.forOrder(tx, o.orderId));
    // A late second publication (another time) of the same review changes nothing.
    await uow.transaction((tx) =>
      repo.publish(tx, [{ ...stored!, publishedAt: new Date() }], { actorId: null }),
    );
    expect(await reviewEvents(h, o.orderId)).toHaveLength(1);
  });
});
