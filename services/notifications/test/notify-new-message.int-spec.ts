import 'reflect-metadata';
import { newId } from '@loadout/db';
import { type OutboxPublisher } from '@loadout/events/testing';
import {
  newEmail,
  newUserId,
  profileUpdated,
  userRegistered,
} from './factories/identity-event.factory';
import { messageSent } from './factories/message-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

describe('messaging events → batched new-message notifications', () => {
  let t: NotificationsTestApp;
  let identity: OutboxPublisher;
  let messaging: OutboxPublisher;

  const notificationsOf = async (userId: string) =>
    (await t.ds.query(
      `SELECT id, type, title, message, navigate_to AS "navigateTo", batch_count AS "count",
              read_at IS NOT NULL AS "read"
         FROM notifications.notifications WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as {
      id: string;
      type: string;
      title: string;
      message: string;
      navigateTo: string;
      count: number;
      read: boolean;
    }[];

  const consumed = (eventId: string, copies = 1) => t.consumed(eventId, copies);

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_messages');
    identity = await t.publisher('identity');
    messaging = await t.publisher('messaging');
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A user whose public display name is `name` (their full name is another). */
  const knownUser = async (name: string) => {
    const id = newUserId();
    const registered = await identity.publish(
      userRegistered(id, newEmail('u'), 'Ciarán Ó Briain-Legal'),
    );
    await consumed(registered.id);
    const renamed = await identity.publish(profileUpdated(id, name));
    await consumed(renamed.id);
    return id;
  };

  it('names the sender by their public name, never by the full name they signed up with', async () => {
    const sender = newUserId();
    const email = newEmail('sender');
    const registered = await identity.publish(
      userRegistered(sender, email, 'Siobhán Nic Giolla Phádraig', 'shiv_airsoft'),
    );
    await consumed(registered.id);
    const buyer = newUserId();
    const first = await messaging.publish(messageSent(newId(), sender, buyer, 'Hi'));
    await consumed(first.id);
    expect((await notificationsOf(buyer))[0]!.title).toBe('New message from shiv_airsoft');

    const renamed = await identity.publish(profileUpdated(sender, 'Shiv (Galway)'));
    await consumed(renamed.id);
    const other = newUserId();
    const second = await messaging.publish(messageSent(newId(), sender, other, 'Hi'));
    await consumed(second.id);
    const [notice] = await notificationsOf(other);
    expect(notice!.title).toBe('New message from Shiv (Galway)');
    expect(JSON.stringify(await notificationsOf(buyer))).not.toContain('Siobhán');
  });

  it('adds one notification for the first message, to the conversation', async () => {
    const seller = await knownUser('Cian Walsh');
    const buyer = newUserId();
    const conversationId = newId();
    const event = await messaging.publish(
      messageSent(conversationId, seller, buyer, 'Yes, still available.'),
    );
    await consumed(event.id);

    expect(await notificationsOf(buyer)).toEqual([
      expect.objectContaining({
        type: 'new_message',
        title: 'New message from Cian Walsh',
        message: '“Yes, still available.”',
        navigateTo: `/messages/${conversationId}`,
        count: 1,
        read: false,
      }),
    ]);
    expect(await notificationsOf(seller)).toEqual([]);
  });

  it('updates the unread notification for later messages of the conversation, until it is read', async () => {
    const seller = await knownUser('Cian Walsh');
    const buyer = newUserId();
    const conversationId = newId();
    const otherConversation = newId();
    for (const text of ['Hi', 'Still there?', 'Can post it tomorrow']) {
      await consumed(
        (await messaging.publish(messageSent(conversationId, seller, buyer, text))).id,
      );
    }
    await consumed((await messaging.publish(messageSent(otherConversation, seller, buyer))).id);

    const [batched, other] = await notificationsOf(buyer);
    expect(batched).toMatchObject({
      title: '3 new messages from Cian Walsh',
      message: '“Can post it tomorrow”',
      count: 3,
    });
    expect(other).toMatchObject({
      navigateTo: `/messages/${otherConversation}`,
      count: 1,
    });

    // Read it through the API: the next message starts a new notification.
    const token = await t.issuer.sign({ sub: buyer });
    const read = await fetch(`${t.base}/api/v1/notifications/${batched!.id}/read`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
    await consumed(
      (await messaging.publish(messageSent(conversationId, seller, buyer, 'Posted!'))).id,
    );
    const after = (await notificationsOf(buyer)).filter(
      (n) => n.navigateTo === `/messages/${conversationId}`,
    );
    expect(after.map((n) => [n.read, n.count, n.title])).toEqual([
      [true, 3, '3 new messages from Cian Walsh'],
      [false, 1, 'New message from Cian Walsh'],
    ]);
  });

  it('warns in the bell when a message of the batch asks for payment outside Loadout, until read', async () => {
    const seller = await knownUser('Cian Walsh');
    const buyer = newUserId();
    const conversationId = newId();
    const flaggedList = async () => {
      const token = await t.issuer.sign({ sub: buyer });
      const res = await t.call<{ items: { offPlatformWarning: boolean }[] }>(
        '/api/v1/notifications',
        { token },
      );
      return res.body.items.map((n) => n.offPlatformWarning);
    };
    await consumed((await messaging.publish(messageSent(conversationId, seller, buyer, 'Hi'))).id);
    expect(await flaggedList()).toEqual([false]);
    await consumed(
      (
        await messaging.publish(
          messageSent(conversationId, seller, buyer, 'Send it by bank transfer', true),
        )
      ).id,
    );
    // A later plain message of the same batch does not take the warning away.
    await consumed(
      (await messaging.publish(messageSent(conversationId, seller, buyer, 'Thanks'))).id,
    );
    expect(await flaggedList()).toEqual([true]);
  });

  it('applies a redelivered event once', async () => {
    const buyer = newUserId();
    const conversationId = newId();
    const event = await messaging.publish(messageSent(conversationId, newUserId(), buyer));
    await consumed(event.id);
    await messaging.redeliver(event.id);
    await consumed(event.id, 2);

    expect(await notificationsOf(buyer)).toEqual([
      expect.objectContaining({ title: 'New message from Someone', count: 1 }),
    ]);
  });

  it('counts every message exactly once when many arrive at once', async () => {
    const buyer = newUserId();
    const conversationId = newId();
    const sender = newUserId();
    const events = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        messaging.publish(messageSent(conversationId, sender, buyer, `message ${i}`)),
      ),
    );
    for (const e of events) await consumed(e.id);
    const rows = await notificationsOf(buyer);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 20, title: '20 new messages from Someone' });
  });
});
