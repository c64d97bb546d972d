import 'reflect-metadata';
import { createClient } from 'redis';
import { REALTIME_CHANNEL, type RealtimeEvent } from '@loadout/contracts';
import { type NewEvent } from '@loadout/events';
import { disputeFacts, disputeOpened } from './factories/dispute-event.factory';
import { newUserId } from './factories/identity-event.factory';
import {
  orderCancelled,
  orderCompleted,
  orderCreated,
  orderFacts,
  orderPaid,
  orderShipped,
} from './factories/order-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

const REDIS_URL = process.env.REDIS_URL;

type Frame = { userIds: string[]; event: RealtimeEvent };

if (!REDIS_URL) {
  console.log('skipped: order pushes need REDIS_URL (the shared /ws fan-out channel)');
} else {
  describe('orders.changed pushed to buyer and seller on the /ws fan-out channel', () => {
    let t: NotificationsTestApp;
    let subscriber: ReturnType<typeof createClient>;
    const frames: Frame[] = [];

    const orderFrames = (orderId: string) =>
      frames.filter((f) => f.event.type === 'orders.changed' && f.event.orderId === orderId);

    const pushedFor = (orderId: string, count = 1) =>
      new Promise<Frame[]>((resolve, reject) => {
        const deadline = Date.now() + 10_000;
        const check = () => {
          const found = orderFrames(orderId);
          if (found.length >= count) return resolve(found);
          if (Date.now() > deadline) return reject(new Error(`nothing pushed for ${orderId}`));
          setTimeout(check, 20);
        };
        check();
      });

    beforeAll(async () => {
      t = await startNotificationsTestApp('notifications_order_push', { REDIS_URL });
      subscriber = createClient({ url: REDIS_URL });
      await subscriber.connect();
      await subscriber.subscribe(REALTIME_CHANNEL, (raw) => frames.push(JSON.parse(raw) as Frame));
    });

    afterAll(async () => {
      await subscriber?.quit();
      await t?.close();
    });

    const cases: [string, (f: ReturnType<typeof orderFacts>) => NewEvent][] = [
      ['created', orderCreated],
      ['paid', (f) => orderPaid(f)],
      ['shipped', orderShipped],
      ['completed', orderCompleted],
      ['cancelled', orderCancelled],
      ['a buyer dispute opened', (f) => disputeOpened(disputeFacts(f))],
    ];

    it.each(cases)(
      'pushes the order id, and nothing personal, to buyer and seller only when it is %s',
      async (_, make) => {
        const buyer = newUserId();
        const seller = newUserId();
        const facts = orderFacts(buyer, seller);
        const orders = await t.publisher('orders');
        const event = await orders.publish(make(facts));
        const [frame] = await pushedFor(facts.orderId);
        expect(frame).toEqual({
          userIds: [buyer, seller],
          event: { type: 'orders.changed', orderId: facts.orderId },
        });
        await t.consumed(event.id);
        // Nobody else heard of this order, and the parties got nothing else about it.
        expect(orderFrames(facts.orderId)).toHaveLength(1);
        const others = frames.filter(
          (f) => f.event.type === 'orders.changed' && f.userIds.some((u) => u === buyer),
        );
        expect(others).toHaveLength(1);
      },
    );

    it('pushes nothing to the parties about a card chargeback', async () => {
      const buyer = newUserId();
      const seller = newUserId();
      const facts = orderFacts(buyer, seller);
      const orders = await t.publisher('orders');
      const chargeback = await orders.publish(disputeOpened(disputeFacts(facts, 'chargeback')));
      await t.consumed(chargeback.id);
      // A later event of another order proves the listener was running meanwhile.
      const later = orderFacts(newUserId(), newUserId());
      await orders.publish(orderPaid(later));
      await pushedFor(later.orderId);
      expect(orderFrames(facts.orderId)).toEqual([]);
    });
  });
}
