import 'reflect-metadata';
import { type OutboxPublisher } from '@loadout/events/testing';
import { newEmail, newUserId, signInThrottled } from './factories/identity-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(20_000);

describe('warn of sign-in throttling (issue 22, item 10; ADR 0021)', () => {
  let t: NotificationsTestApp;
  let identity: OutboxPublisher;

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_throttle');
    identity = await t.publisher('identity');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('emails the owner with the reset link, and logs it as sign_in_throttled', async () => {
    const userId = newUserId();
    const email = newEmail('guessed');
    const event = await identity.publish(signInThrottled(userId, email, 'Niamh'));
    await t.consumed(event.id);
    const [mail] = await t.waitForMail(email);
    expect(mail).toMatchObject({
      to: email,
      subject: 'Someone is trying to sign in to your Loadout account',
    });
    expect(mail!.text).toMatch(/^Hi Niamh,/);
    expect(mail!.text).toContain('http://localhost:8080/auth/forgot-password');

    const log = await t.ds.query(
      `SELECT "to", template, status FROM notifications.email_log WHERE event_id = $1`,
      [event.id],
    );
    expect(log).toEqual([{ to: email, template: 'sign_in_throttled', status: 'sent' }]);
  });
});
