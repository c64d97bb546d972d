import { createClient } from 'redis';
import { REALTIME_CHANNEL, type RealtimeEvent } from '@loadout/contracts';
import {
  createRealtimeBus,
  type RealtimeBus,
  type RealtimeDelivery,
} from '../src/realtime/realtime-bus';

const redisUrl = process.env['REDIS_URL'];

const unread = (count: number): RealtimeEvent => ({ type: 'unread.changed', count });

if (!redisUrl) {
  console.log('skipped: the Redis real-time bus between replicas (REDIS_URL is not set)');
  // What runs instead without Redis (embedded `npm start`): the in-process bus.
  describe('in-process real-time bus (no REDIS_URL)', () => {
    it('hands each batch whole to every listener, once, and nothing after unsubscribing', async () => {
      const bus = await createRealtimeBus(undefined);
      expect(bus.kind).toBe('memory');
      const got: (readonly RealtimeDelivery[])[] = [];
      const unsubscribe = bus.subscribe((deliveries) => got.push(deliveries));
      const batch = [
        { userIds: ['u1', 'u2'], event: unread(1) },
        { userIds: ['u2'], event: unread(2) },
      ];
      await bus.publishAll(batch);
      unsubscribe();
      await bus.publish(['u1'], unread(3));
      expect(got).toEqual([batch]);
      await bus.close();
    });
  });
} else {
  /**
   * Issue 28: the replica that publishes delivers to its own sockets at once, without waiting
   * for Redis to echo its batch back, and does not deliver it a second time when the echo comes.
   */
  describe('Redis real-time bus: own sockets at once, the other replicas through Redis', () => {
    const buses: RealtimeBus[] = [];
    const open = async () => {
      const bus = await createRealtimeBus(redisUrl);
      buses.push(bus);
      const got: (readonly RealtimeDelivery[])[] = [];
      bus.subscribe((deliveries) => got.push(deliveries));
      return { bus, got };
    };
    const settle = () => new Promise((r) => setTimeout(r, 300));

    afterAll(async () => {
      await Promise.all(buses.map((b) => b.close()));
    });

    it('delivers a batch once on its own replica, before Redis answers, and once on another', async () => {
      const first = await open();
      const second = await open();
      const batch: RealtimeDelivery[] = [
        { userIds: ['u-a', 'u-b'], event: { type: 'conversation.updated', conversationId: 'c1' } },
        { userIds: ['u-b'], event: unread(3) },
      ];
      const published = first.bus.publishAll(batch);
      // Already delivered here, in order, while the PUBLISH is still on its way.
      expect(first.got).toEqual([batch]);
      await published;
      await settle();
      expect(first.got).toEqual([batch]);
      expect(second.got).toEqual([batch]);
    });

    it('still takes single events from other services and array batches of the previous version', async () => {
      const replica = await open();
      const other = createClient({ url: redisUrl });
      await other.connect();
      try {
        await other.publish(
          REALTIME_CHANNEL,
          JSON.stringify({ userIds: ['u-c'], event: unread(1) }),
        );
        await other.publish(
          `${REALTIME_CHANNEL}.batch`,
          JSON.stringify([{ userIds: ['u-d'], event: unread(2) }]),
        );
        // Not JSON, or not the shape: dropped, the bus goes on.
        await other.publish(`${REALTIME_CHANNEL}.batch.origin`, '{"origin":"x"}');
        await other.publish(`${REALTIME_CHANNEL}.batch.origin`, 'not json');
        await settle();
        expect(replica.got).toEqual([
          [{ userIds: ['u-c'], event: unread(1) }],
          [{ userIds: ['u-d'], event: unread(2) }],
        ]);
      } finally {
        await other.quit();
      }
    });
  });
}
