import 'reflect-metadata';
import { type OutboxPublisher } from '@loadout/events/testing';
import { type MailboxMessageDto } from '../src/dev-mailbox/dev-mailbox.dto';
import {
  newEmail,
  newUserId,
  passwordResetRequested,
  verificationRequested,
} from './factories/identity-event.factory';
import {
  startNotificationsTestApp,
  type CallInit,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(20_000);

describe('notifications service: the dev mailbox (opt-in)', () => {
  let t: NotificationsTestApp;
  let identity: OutboxPublisher;

  const call = <T = unknown>(path: string, init?: CallInit) => t.call<T>(path, init);
  const waitForMail = (to: string, count?: number) => t.waitForMail(to, count);

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_mailbox');
    identity = await t.publisher('identity');
  });

  afterAll(async () => {
    await t?.close();
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
});
