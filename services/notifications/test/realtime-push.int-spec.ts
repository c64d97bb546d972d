import 'reflect-metadata';
import { createClient } from 'redis';
import { REALTIME_CHANNEL } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { newUserId } from './factories/identity-event.factory';
import { listingFavourited } from './factories/listing-event.factory';
import { messageSent } from './factories/message-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

const REDIS_URL = process.env.REDIS_URL;

if (!REDIS_URL) {
  console.log('skipped: realtime push needs REDIS_URL (the shared /ws fan-out channel)');
} else {
  describe('notifications.changed pushed on the /ws fan-out channel (Redis)', () => {
    let t: NotificationsTestApp;
    let subscriber: ReturnType<typeof createClient>;
    const frames: { userIds: string[]; event: { type: string } }[] = [];

    const pushedTo = (userId: string) =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 10_000;
        const check = () => {
          if (frames.some((f) => f.userIds.includes(userId))) return resolve();
          if (Date.now() > deadline) return reject(new Error(`nothing pushed to ${userId}`));
          setTimeout(check, 20);
        };
        check();
      });

    beforeAll(async () => {
      t = await startNotificationsTestApp('notifications_push', { REDIS_URL });
      subscriber = createClient({ url: REDIS_URL });
      await subscriber.connect();
      await subscriber.subscribe(REALTIME_CHANNEL, (raw) => {
        const frame = JSON.parse(raw) as (typeof frames)[number];
        if (frame.event.type === 'notifications.changed') frames.push(frame);
      });
    });

    afterAll(async () => {
      await subscriber?.quit();
      await t?.close();
    });

    it('pushes to the receiver once the new-message notification is committed', async () => {
      const receiver = newUserId();
      const messaging = await t.publisher('messaging');
      const event = await messaging.publish(messageSent(newId(), newUserId(), receiver));
      await pushedTo(receiver);
      // Pushed after the commit: the notification is already readable.
      const [row] = (await t.ds.query(
        `SELECT count(*)::int AS n FROM notifications.notifications WHERE user_id = $1`,
        [receiver],
      )) as { n: number }[];
      expect(row!.n).toBe(1);
      await t.consumed(event.id);
      expect(frames.find((f) => f.userIds.includes(receiver))).toEqual({
        userIds: [receiver],
        event: { type: 'notifications.changed' },
      });
    });

    it('pushes to the seller for a favourite', async () => {
      const seller = newUserId();
      const listings = await t.publisher('listings');
      await listings.publish(listingFavourited(newId(), seller));
      await pushedTo(seller);
    });
  });
}
