import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { OutboxRelay } from '@loadout/events';
import { waitFor } from '@loadout/events/testing';
import { createServiceApp } from '@loadout/service-kit';
import { ordersService } from '../src/orders.service';
import { cards } from './factories/card.factory';
import { OrdersHarness } from './support/orders-harness';

jest.setTimeout(90_000);

/**
 * The outbox promise: an orders process that dies after committing state changes but before
 * its relay shipped their events loses none of them; the next process ships them all.
 */
describe('orders outbox', () => {
  const h = new OrdersHarness();
  let next: NestFastifyApplication | null = null;

  beforeAll(() => h.start('orders_outbox'));
  afterAll(async () => {
    await next?.close();
    await h.stop();
  });

  it('ships every event of a process that died before its relay ran', async () => {
    // The relay of the first process never gets to run: it "dies" right after the commits.
    await h.app.get(OutboxRelay, { strict: false }).stop();
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const order = (await h.checkout(buyer, listing.id)).body;
    await h.pay(buyer, order.id, cards.ok());
    await h.drain();
    await h.action(seller, order.id, 'ship', { handedOverInPerson: true });
    await h.action(buyer, order.id, 'confirm-delivery');
    const written = (await h.ds.query(
      `SELECT id FROM orders.outbox WHERE aggregate_id = $1 AND published_at IS NULL`,
      [order.id],
    )) as { id: string }[];
    expect(written).toHaveLength(4); // created, paid, shipped, completed
    await h.app.close();

    next = await createServiceApp(ordersService, h.config);
    await next.init();

    await waitFor(
      'all four events in the event log',
      async () => {
        // The transport creates its log on first use.
        const rows = (await h.ds
          .query(
            `SELECT count(DISTINCT event_id)::int AS n FROM event_bus.log WHERE event_id = ANY($1::uuid[])`,
            [written.map((w) => w.id)],
          )
          .catch(() => [{ n: 0 }])) as { n: number }[];
        return rows[0]?.n === 4;
      },
      20_000,
    );
    const topics = (await h.ds.query(
      `SELECT topic FROM event_bus.log WHERE key = $1 ORDER BY position`,
      [order.id],
    )) as { topic: string }[];
    expect(topics.map((t) => t.topic)).toEqual([
      'orders.order.created.v1',
      'orders.order.paid.v1',
      'orders.order.shipped.v1',
      'orders.order.completed.v1',
    ]);
  });
});
