import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { type TestIssuer } from '@loadout/auth/testing';
import { type OutboxPublisher } from '@loadout/events/testing';
import { type NotificationListDto } from '../src/inbox/list-notifications/list-notifications.dto';
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
import {
  startNotificationsTestApp,
  type CallInit,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(20_000);

describe('notifications service: identity events → email and in-app welcome', () => {
  let t: NotificationsTestApp;
  let ds: DataSource;
  let issuer: TestIssuer;
  let identity: OutboxPublisher;

  const call = <T = unknown>(path: string, init?: CallInit) => t.call<T>(path, init);
  const mailTo = (to: string) => t.mailTo(to);
  const waitForMail = (to: string, count?: number) => t.waitForMail(to, count);
  const consumed = (eventId: string) => t.consumed(eventId);

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_identity');
    ds = t.ds;
    issuer = t.issuer;
    identity = await t.publisher('identity');
  });

  afterAll(async () => {
    await t?.close();
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
      await t.consumed(event.id, 2);

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
          offPlatformWarning: false,
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

  it('leaves no dead letters behind', async () => {
    expect(await ds.query(`SELECT event_id, error FROM notifications.dead_letter`)).toEqual([]);
  });
});
