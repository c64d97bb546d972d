import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceApp, createServiceDataSource } from '@loadout/service-kit';
import { notificationsService } from '../src/notifications.service';
import { type MailboxMessageDto } from '../src/dev-mailbox/dev-mailbox.dto';
import { type NotificationListDto } from '../src/inbox/list-notifications/list-notifications.dto';
import { loadNotificationsConfig } from '../src/notifications.config';
import {
  newEmail,
  newUserId,
  passwordResetRequested,
  profileUpdated,
  roleChanged,
  userRegistered,
  userVerified,
  verificationRequested,
} from './factories/identity-event.factory';
import { insertNotification } from './factories/notification.factory';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';

jest.setTimeout(20_000);

describe('notifications service (devbox mail, postgres events)', () => {
  let db: TestDatabase;
  let issuer: TestIssuer;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let identity: OutboxPublisher;
  let base: string;
  const consumerLog = quietLogger();

  const call = async <T = unknown>(path: string, init: RequestInit & { token?: string } = {}) => {
    const headers: Record<string, string> = init.body ? { 'content-type': 'application/json' } : {};
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    const res = await fetch(`${base}${path}`, { ...init, headers });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json');
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: (json && text ? JSON.parse(text) : null) as T,
    };
  };

  const mailTo = async (to: string) =>
    (await call<MailboxMessageDto[]>(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`)).body;

  const waitForMail = async (to: string, count = 1) => {
    await waitFor(`${count} mail(s) to ${to}`, async () => (await mailTo(to)).length >= count);
    return mailTo(to);
  };

  /** True once the consumer group has moved past every copy of the event in the log. */
  const consumedAllCopies = async (eventId: string) => {
    const rows = await ds.query(
      `SELECT count(*)::int AS copies,
              bool_and(l."position" <= o."position") AS done
         FROM event_bus.log l
         JOIN event_bus.consumer_offsets o
           ON o.topic = l.topic AND o.consumer_group = 'notifications'
        WHERE l.event_id = $1`,
      [eventId],
    );
    return rows[0] as { copies: number; done: boolean | null };
  };

  /** Waits until the consumer committed its effects for the event (its offset moved past it). */
  const consumed = (eventId: string) =>
    waitFor(`event ${eventId} to be consumed`, async () => {
      const { copies, done } = await consumedAllCopies(eventId);
      return copies > 0 && done === true;
    });

  beforeAll(async () => {
    db = await createTestDatabase('notifications');
    issuer = await startTestIssuer();
    const config = loadNotificationsConfig({
      DATABASE_URL: db.url,
      AUTH_ISSUER: issuer.issuer,
      AUTH_AUDIENCE: issuer.audience,
      DEV_MAILBOX: 'on',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:8080',
    });
    ds = createServiceDataSource(notificationsService, config);
    await migrate(ds);
    app = await createServiceApp(notificationsService, config, {
      consumer: { maxAttempts: 2, retryDelayMs: 10, logger: consumerLog },
    });
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    identity = await OutboxPublisher.start(db.url, 'identity');
  });

  afterAll(async () => {
    await identity?.close();
    await app?.close();
    await ds?.destroy();
    await issuer?.close();
    await db?.drop();
  });

  it('has no drift between entities and committed migrations', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  describe('identity events → email', () => {
    it('mails the verification link when identity asks, readable from the dev mailbox', async () => {
      const userId = newUserId();
      const email = newEmail('aoife');
      await identity.publish(userRegistered(userId, email));
      const event = await identity.publish(verificationRequested(userId, email, 'Aoife'));

      await consumed(event.id);
      const [mail] = await waitForMail(email);
      expect(mail).toMatchObject({ to: email, subject: 'Verify your email for Loadout' });
      expect(mail!.text).toMatch(/^Hi Aoife,/);
      const link = /http:\/\/localhost:8080\/auth\/verify-email\?token=[\w-]+/.exec(mail!.text);
      expect(link?.[0]).toBe(event.payload.verifyUrl);
      expect(mail!.html).toContain(`href="${event.payload.verifyUrl}"`);
      expect(mail!.id).toHaveLength(21);
      expect(new Date(mail!.createdAt).toISOString()).toBe(mail!.createdAt);

      const log = await ds.query(
        `SELECT "to", template, status FROM notifications.email_log WHERE event_id = $1`,
        [event.id],
      );
      expect(log).toEqual([{ to: email, template: 'verification', status: 'sent' }]);
    });

    it('keeps no bodies or links in the email log', async () => {
      const columns = await ds.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'notifications' AND table_name = 'email_log' ORDER BY column_name`,
      );
      expect(columns.map((c: { column_name: string }) => c.column_name)).toEqual([
        'created_at',
        'event_id',
        'id',
        'status',
        'template',
        'to',
      ]);
    });

    it('sends once when the same event is delivered twice', async () => {
      const userId = newUserId();
      const email = newEmail('dup');
      const event = await identity.publish(passwordResetRequested(userId, email));
      await waitForMail(email);

      await identity.redeliver(event.id);
      await waitFor('the second copy to be consumed', async () => {
        const { copies, done } = await consumedAllCopies(event.id);
        return copies === 2 && done === true;
      });

      const mails = await mailTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Reset your Loadout password');
      expect(mails[0]!.text).toContain(event.payload.resetUrl);
      expect(mails[0]!.text).toContain("If you didn't ask, ignore this email");
      const log = await ds.query(`SELECT status FROM notifications.email_log WHERE event_id = $1`, [
        event.id,
      ]);
      expect(log).toEqual([{ status: 'sent' }]);
      const inbox = await ds.query(`SELECT consumer FROM notifications.inbox WHERE event_id = $1`, [
        event.id,
      ]);
      expect(inbox).toEqual([{ consumer: 'notifications' }]);
    });

    it('welcomes a verified user by email and with an in-app notification', async () => {
      const userId = newUserId();
      const email = newEmail('welcome');
      await identity.publish(userRegistered(userId, email, 'Niamh Kelly'));
      await identity.publish(verificationRequested(userId, email, 'Niamh'));
      const verified = await identity.publish(userVerified(userId, email));

      await consumed(verified.id);
      const mails = await waitForMail(email, 2);
      expect(mails.map((m) => m.subject)).toEqual([
        'Welcome to Loadout',
        'Verify your email for Loadout',
      ]);
      expect(mails[0]!.text).toMatch(/^Hi Niamh,/);
      expect(mails[0]!.text).toContain('http://localhost:8080/auth');

      const token = await issuer.sign({ sub: userId });
      const list = await call<NotificationListDto>('/api/v1/notifications', { token });
      expect(list.status).toBe(200);
      expect(list.body.unreadCount).toBe(1);
      expect(list.body.items).toEqual([
        {
          id: expect.any(String),
          type: 'other',
          title: 'Welcome to Loadout',
          message: expect.any(String),
          read: false,
          created_at: expect.any(String),
          navigateTo: '/profile',
        },
      ]);
    });

    it('mails a new admin at the address and name learned from earlier events', async () => {
      const userId = newUserId();
      const email = newEmail('admin');
      await identity.publish(userRegistered(userId, email, 'Sé Murphy'));
      await identity.publish(profileUpdated(userId, 'Captain Sé'));
      await identity.publish(roleChanged(userId, 'admin', 'user'));

      const [mail] = await waitForMail(email);
      expect(mail!.subject).toBe('You are now a Loadout administrator');
      expect(mail!.text).toMatch(/^Hi Captain Sé,/);
      expect(mail!.text).toContain('http://localhost:8080/admin');
    });

    it('records a skipped admin email when it knows no address, and ignores demotions', async () => {
      const unknown = await identity.publish(roleChanged(newUserId(), 'admin', 'user'));
      const userId = newUserId();
      const email = newEmail('demoted');
      await identity.publish(userRegistered(userId, email));
      const demoted = await identity.publish(roleChanged(userId, 'user', 'admin'));

      await consumed(unknown.id);
      await consumed(demoted.id);
      const log = await ds.query(
        `SELECT event_id, "to", template, status FROM notifications.email_log
          WHERE event_id = ANY($1::uuid[])`,
        [[unknown.id, demoted.id]],
      );
      expect(log).toEqual([
        { event_id: unknown.id, to: null, template: 'admin_role', status: 'skipped' },
      ]);
      expect(await mailTo(email)).toEqual([]);
    });
  });

  describe('dev mailbox', () => {
    it('renders an HTML page with the mail, escaping everything and linking only URLs', async () => {
      const userId = newUserId();
      const email = newEmail('escape');
      const event = await identity.publish(
        verificationRequested(userId, email, '<script>alert("pwned")</script>'),
      );
      await waitForMail(email);

      const page = await call(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.text).toContain('<title>Loadout dev mailbox</title>');
      expect(page.text).toContain('exists only in development and embedded mode');
      expect(page.text).toContain('Verify your email for Loadout');
      expect(page.text).toContain(
        `<a href="${event.payload.verifyUrl}" rel="noopener noreferrer">`,
      );
      expect(page.text).not.toContain('<script>alert');
      expect(page.text).toContain('Hi &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;,');
      expect(page.text).toContain('Auto-refresh every 5 seconds');

      const refreshing = await call(`/dev/mailbox?refresh=5`);
      expect(refreshing.text).toContain('<meta http-equiv="refresh" content="5">');
      expect((await call(`/dev/mailbox?refresh=1`)).status).toBe(400);
    });

    it('lists messages newest first and filters by recipient case-insensitively', async () => {
      const email = newEmail('order');
      const userId = newUserId();
      await identity.publish(verificationRequested(userId, email));
      await identity.publish(passwordResetRequested(userId, email));
      await waitForMail(email, 2);
      const upper = await call<MailboxMessageDto[]>(
        `/dev/mailbox/messages?to=${encodeURIComponent(email.toUpperCase())}`,
      );
      expect(upper.body.map((m) => m.subject)).toEqual([
        'Reset your Loadout password',
        'Verify your email for Loadout',
      ]);
      const all = await call<MailboxMessageDto[]>('/dev/mailbox/messages');
      const times = all.body.map((m) => m.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(Object.keys(all.body[0]!).sort()).toEqual(
        ['createdAt', 'headers', 'html', 'id', 'subject', 'text', 'to'].sort(),
      );
    });

    it('empties the mailbox on DELETE', async () => {
      expect(
        (await call<MailboxMessageDto[]>('/dev/mailbox/messages')).body.length,
      ).toBeGreaterThan(0);
      const res = await call('/dev/mailbox/messages', { method: 'DELETE' });
      expect(res.status).toBe(204);
      expect((await call<MailboxMessageDto[]>('/dev/mailbox/messages')).body).toEqual([]);
      expect((await call('/dev/mailbox')).text).toContain('No messages yet.');
    });
  });

  describe('in-app notifications API', () => {
    const alice = 'alice-' + newUserId().slice(0, 10);
    const bob = 'bob-' + newUserId().slice(0, 10);
    let aliceToken: string;
    let bobToken: string;
    const aliceIds: string[] = [];
    let bobId: string;

    beforeAll(async () => {
      aliceToken = await issuer.sign({ sub: alice });
      bobToken = await issuer.sign({ sub: bob });
      for (let i = 1; i <= 12; i++) {
        const n = await insertNotification(ds, alice, {
          title: `Alice ${i}`,
          type: i % 2 ? 'shipped' : 'payment_confirmed',
          navigateTo: i === 12 ? '/buyer-dashboard' : null,
          createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)),
        });
        aliceIds.push(n.id);
      }
      bobId = (await insertNotification(ds, bob, { title: 'Bob 1', type: 'new_purchase' })).id;
    });

    it('refuses anonymous callers', async () => {
      for (const [method, path] of [
        ['GET', '/api/v1/notifications'],
        ['GET', '/api/v1/notifications/unread-count'],
        ['POST', `/api/v1/notifications/${bobId}/read`],
        ['POST', '/api/v1/notifications/read-all'],
      ] as const) {
        const res = await call(path, { method });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 'AUTH.REQUIRED' });
      }
    });

    it("lists only the caller's notifications, the latest 10 newest first by default", async () => {
      const res = await call<NotificationListDto>('/api/v1/notifications', { token: aliceToken });
      expect(res.status).toBe(200);
      expect(res.body.unreadCount).toBe(12);
      expect(res.body.items.map((n) => n.title)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Alice ${12 - i}`),
      );
      expect(res.body.items[0]).toEqual({
        id: aliceIds[11],
        type: 'payment_confirmed',
        title: 'Alice 12',
        message: expect.any(String),
        read: false,
        created_at: '2026-01-01T12:00:12.000Z',
        navigateTo: '/buyer-dashboard',
      });
      const bobs = await call<NotificationListDto>('/api/v1/notifications', { token: bobToken });
      expect(bobs.body.items.map((n) => n.id)).toEqual([bobId]);
      expect(bobs.body.unreadCount).toBe(1);
    });

    it('takes a limit from 1 to 50', async () => {
      const two = await call<NotificationListDto>('/api/v1/notifications?limit=2', {
        token: aliceToken,
      });
      expect(two.body.items.map((n) => n.title)).toEqual(['Alice 12', 'Alice 11']);
      const fifty = await call<NotificationListDto>('/api/v1/notifications?limit=50', {
        token: aliceToken,
      });
      expect(fifty.body.items).toHaveLength(12);
      for (const bad of ['0', '51', 'ten', '2.5']) {
        const res = await call(`/api/v1/notifications?limit=${bad}`, { token: aliceToken });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'COMMON.VALIDATION_FAILED' });
      }
    });

    it("answers 404 for someone else's notification and leaves it unread", async () => {
      const res = await call(`/api/v1/notifications/${bobId}/read`, {
        method: 'POST',
        token: aliceToken,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'NOTIFICATIONS.NOT_FOUND',
        message: 'That notification could not be found.',
      });
      expect((await call('/api/v1/notifications/unread-count', { token: bobToken })).body).toEqual({
        count: 1,
      });
      const garbage = await call('/api/v1/notifications/not-an-id/read', {
        method: 'POST',
        token: aliceToken,
      });
      expect(garbage.status).toBe(404);
    });

    it('marks one read, idempotently, and counts the rest', async () => {
      const path = `/api/v1/notifications/${aliceIds[11]}/read`;
      const first = await call(path, { method: 'POST', token: aliceToken });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ count: 11 });
      const again = await call(path, { method: 'POST', token: aliceToken });
      expect(again.body).toEqual({ count: 11 });
      const list = await call<NotificationListDto>('/api/v1/notifications?limit=2', {
        token: aliceToken,
      });
      expect(list.body.items.map((n) => n.read)).toEqual([true, false]);
      expect(list.body.unreadCount).toBe(11);
    });

    it("marks all read for the caller only, never for anyone else's", async () => {
      const res = await call('/api/v1/notifications/read-all', {
        method: 'POST',
        token: bobToken,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 0 });
      expect(
        (await call('/api/v1/notifications/unread-count', { token: aliceToken })).body,
      ).toEqual({ count: 11 });

      await call('/api/v1/notifications/read-all', { method: 'POST', token: aliceToken });
      const list = await call<NotificationListDto>('/api/v1/notifications?limit=50', {
        token: aliceToken,
      });
      expect(list.body.unreadCount).toBe(0);
      expect(list.body.items.every((n) => n.read)).toBe(true);
    });
  });

  it('serves health, metrics and an OpenAPI document', async () => {
    expect((await call('/health/ready')).body).toMatchObject({
      status: 'ok',
      checks: { database: 'up' },
    });
    const doc = await call<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/notifications',
        '/api/v1/notifications/unread-count',
        '/api/v1/notifications/{id}/read',
        '/api/v1/notifications/read-all',
        '/dev/mailbox',
        '/dev/mailbox/messages',
      ]),
    );
  });

  it('leaves no dead letters behind', async () => {
    expect(await ds.query(`SELECT event_id, error FROM notifications.dead_letter`)).toEqual([]);
  });
});
