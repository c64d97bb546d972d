import 'reflect-metadata';
import { newId } from '@loadout/db';
import { type OutboxPublisher } from '@loadout/events/testing';
import { newEmail, newUserId, userRegistered } from './factories/identity-event.factory';
import { listingFavourited } from './factories/listing-event.factory';
import { messageSent } from './factories/message-event.factory';
import {
  type CallInit,
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

describe('email preferences, one-click unsubscribe and the non-essential emails', () => {
  let t: NotificationsTestApp;
  let identity: OutboxPublisher;
  let messaging: OutboxPublisher;
  let listings: OutboxPublisher;

  const call = <T = unknown>(path: string, init?: CallInit) => t.call<T>(path, init);
  const mailTo = (to: string) => t.mailTo(to);

  const emailLog = async (eventId: string) =>
    (
      (await t.ds.query(
        `SELECT template, status FROM notifications.email_log WHERE event_id = $1`,
        [eventId],
      )) as { template: string; status: string }[]
    ).map((r) => `${r.template}:${r.status}`);

  const knownUser = async (name: string) => {
    const id = newUserId();
    const email = newEmail(name.toLowerCase());
    // Identity shows a new account by its username: here the first name, the full name apart.
    const event = await identity.publish(userRegistered(id, email, `${name} Byrne`, name));
    await t.consumed(event.id);
    return { id, email, token: await t.issuer.sign({ sub: id }) };
  };

  const send = async (conversationId: string, from: string, to: string) => {
    const event = await messaging.publish(messageSent(conversationId, from, to));
    await t.consumed(event.id);
    return event;
  };

  /** The gateway's public origin is in the links; this test calls the service directly. */
  const local = (url: string) => url.replace('http://localhost:8080', t.base);

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_preferences');
    identity = await t.publisher('identity');
    messaging = await t.publisher('messaging');
    listings = await t.publisher('listings');
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET/PUT notifications/preferences', () => {
    it('starts with everything on and changes only optional kinds', async () => {
      const { token } = await knownUser('Aoife');
      const initial = await call('/api/v1/notifications/preferences', { token });
      expect(initial.body).toEqual({
        orders: true,
        security: true,
        messages: true,
        favourites: true,
        locked: ['orders', 'security'],
      });

      const put = await call('/api/v1/notifications/preferences', {
        method: 'PUT',
        token,
        json: { messages: false, orders: true },
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ messages: false, favourites: true, orders: true });
      expect((await call('/api/v1/notifications/preferences', { token })).body).toMatchObject({
        messages: false,
        favourites: true,
      });
    });

    it('refuses turning order or security email off, and bad values, with stable codes', async () => {
      const { token } = await knownUser('Niamh');
      const orders = await call<{ code: string; message: string; requestId: string }>(
        '/api/v1/notifications/preferences',
        { method: 'PUT', token, json: { orders: false } },
      );
      expect(orders.status).toBe(400);
      expect(orders.body).toMatchObject({
        code: 'NOTIFICATIONS.EMAIL_KIND_LOCKED',
        message: 'Order emails cannot be turned off.',
        requestId: expect.any(String),
      });
      const security = await call<{ code: string }>('/api/v1/notifications/preferences', {
        method: 'PUT',
        token,
        json: { security: false },
      });
      expect(security.body.code).toBe('NOTIFICATIONS.EMAIL_KIND_LOCKED');
      const bad = await call('/api/v1/notifications/preferences', {
        method: 'PUT',
        token,
        json: { messages: 'nope' },
      });
      expect(bad.status).toBe(400);
      const junk = await call('/api/v1/notifications/preferences', {
        method: 'PUT',
        token,
        headers: { 'content-type': 'application/json' },
        body: '{"messages":',
      });
      expect(junk.status).toBe(400);
    });

    it('is for signed-in users only', async () => {
      expect((await call('/api/v1/notifications/preferences')).status).toBe(401);
      expect(
        (await call('/api/v1/notifications/preferences', { method: 'PUT', json: {} })).status,
      ).toBe(401);
    });
  });

  describe('new-message email', () => {
    it('mails once per unread batch, with RFC 8058 headers and no message content', async () => {
      const sender = await knownUser('Cian');
      const receiver = await knownUser('Aoife');
      const conversationId = newId();
      const first = await send(conversationId, sender.id, receiver.id);
      const second = await send(conversationId, sender.id, receiver.id);

      const mails = await mailTo(receiver.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe('New message from Cian on Loadout');
      expect(mail!.text).not.toContain('Cian Byrne');
      expect(mail!.text).toContain(`http://localhost:8080/messages/${conversationId}`);
      expect(mail!.text).not.toContain(first.payload.preview);
      const unsubscribe =
        /^<(http:\/\/localhost:8080\/api\/v1\/notifications\/unsubscribe\?token=[\w.-]+)>$/.exec(
          mail!.headers!['List-Unsubscribe'] ?? '',
        );
      expect(unsubscribe).not.toBeNull();
      expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail!.text).toContain(`Unsubscribe from new-message emails: ${unsubscribe![1]}`);
      expect(mail!.html).toContain('>Unsubscribe</a>');
      expect(await emailLog(first.id)).toEqual(['new_message:sent']);
      expect(await emailLog(second.id)).toEqual([]);
    });

    it('one-click unsubscribes by POST (RFC 8058); later batches are not mailed', async () => {
      const sender = await knownUser('Cian');
      const receiver = await knownUser('Sean');
      const conversationId = newId();
      await send(conversationId, sender.id, receiver.id);
      const [mail] = await mailTo(receiver.email);
      const url = local(/^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);

      // The landing page only asks: a link scanner fetching it changes nothing.
      const page = await call(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain('Unsubscribe from new-message emails?');
      expect(page.text).toContain('<form method="post"');
      expect(
        (await call('/api/v1/notifications/preferences', { token: receiver.token })).body,
      ).toMatchObject({ messages: true });

      const post = await call(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(post.status).toBe(200);
      expect(post.text).toContain('You are unsubscribed');
      expect(
        (await call('/api/v1/notifications/preferences', { token: receiver.token })).body,
      ).toMatchObject({ messages: false, favourites: true });

      // Read the notification: the next message starts a new batch, which is not mailed.
      await t.ds.query(
        `UPDATE notifications.notifications SET read_at = now() WHERE user_id = $1`,
        [receiver.id],
      );
      const next = await send(conversationId, sender.id, receiver.id);
      expect(await emailLog(next.id)).toEqual(['new_message:skipped']);
      expect(await mailTo(receiver.email)).toHaveLength(1);
      const unread = (await t.ds.query(
        `SELECT count(*)::int AS n FROM notifications.notifications WHERE user_id = $1 AND read_at IS NULL`,
        [receiver.id],
      )) as { n: number }[];
      expect(unread[0]!.n).toBe(1);
    });

    it('answers a forged or malformed token with 404 and changes nothing', async () => {
      const receiver = await knownUser('Orla');
      const sender = await knownUser('Cian');
      await send(newId(), sender.id, receiver.id);
      const [mail] = await mailTo(receiver.email);
      const token = /token=([\w.-]+)/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
      const [body, mac] = token.split('.');
      const otherUser = Buffer.from(`${sender.id}:messages`).toString('base64url');
      for (const forged of [
        `${otherUser}.${mac}`,
        `${body}.${mac!.slice(1)}x`,
        'junk',
        '',
        `${body}`,
      ]) {
        const res = await call<{ code: string }>(
          `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
          { method: 'POST' },
        );
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('NOTIFICATIONS.UNSUBSCRIBE_LINK_INVALID');
      }
      expect((await call('/api/v1/notifications/unsubscribe')).status).toBe(404);
      for (const who of [sender, receiver]) {
        expect(
          (await call('/api/v1/notifications/preferences', { token: who.token })).body,
        ).toMatchObject({ messages: true });
      }
    });
  });

  describe('favourite email', () => {
    it('mails the seller unless they turned favourite emails off', async () => {
      const seller = await knownUser('Darragh');
      const first = await listings.publish(listingFavourited(newId(), seller.id));
      await t.consumed(first.id);
      const [mail] = await mailTo(seller.email);
      expect(mail!.subject).toBe('Someone favourited G&G CM16 Raider');
      expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

      await call('/api/v1/notifications/preferences', {
        method: 'PUT',
        token: seller.token,
        json: { favourites: false },
      });
      const second = await listings.publish(listingFavourited(newId(), seller.id));
      await t.consumed(second.id);
      expect(await emailLog(second.id)).toEqual(['listing_favourited:skipped']);
      expect(await mailTo(seller.email)).toHaveLength(1);
    });
  });
});
