import 'reflect-metadata';
import { newId } from '@loadout/db';
import { type ServiceDataExport } from '@loadout/contracts';
import { type OutboxPublisher } from '@loadout/events/testing';
import { listingFavourited } from './factories/listing-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(60_000);

/** Issue 26 GDPR self-service (ADR 0039): notifications' export and a deleted account's erasure. */
describe('notifications privacy', () => {
  let t: NotificationsTestApp;
  let identity: OutboxPublisher;
  let listings: OutboxPublisher;

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_privacy');
    identity = await t.publisher('identity');
    listings = await t.publisher('listings');
  });

  afterAll(async () => {
    await t?.close();
  });

  const rowsOf = async (table: string, userId: string) =>
    (await t.ds.query(`SELECT * FROM notifications.${table} WHERE user_id = $1`, [
      userId,
    ])) as unknown[];

  it('exports to the user only, then erases their inbox, preferences and address; no more email', async () => {
    const { seller, sellerEmail, buyer } = await t.knownParties();
    const token = await t.issuer.sign({ sub: seller });
    const listing = newId();
    const fav = await listings.publish(
      listingFavourited(listing, seller, { at: new Date().toISOString() }),
    );
    await t.consumed(fav.id);
    await t.waitForMail(sellerEmail, 1);
    const put = await t.call('/api/v1/notifications/preferences', {
      method: 'PUT',
      token,
      json: { messages: false },
    });
    expect(put.status).toBe(200);

    expect((await t.call(`/internal/users/${seller}/export`)).status).toBe(401);
    const refused = await t.call<{ code: string }>(`/internal/users/${seller}/export`, {
      token: await t.issuer.sign({ sub: buyer }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOTIFICATIONS.NOT_YOUR_DATA');
    const mine = await t.call<ServiceDataExport>(`/internal/users/${seller}/export`, { token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      notifications: [expect.objectContaining({ title: 'Someone favourited your listing' })],
      emailPreferences: expect.objectContaining({ messages: false }),
      recipient: expect.objectContaining({ email: sellerEmail }),
      emails: [expect.objectContaining({ status: 'sent' })],
    });

    const deleted = await identity.publish({
      type: 'identity.user.deleted.v1',
      aggregateId: seller,
      payload: { userId: seller, deletedAt: new Date().toISOString() },
    });
    await t.consumed(deleted.id);

    expect(await rowsOf('notifications', seller)).toEqual([]);
    expect(await rowsOf('email_preferences', seller)).toEqual([]);
    expect(await rowsOf('recipients', seller)).toEqual([]);
    const log = (await t.ds.query(`SELECT "to" FROM notifications.email_log WHERE "to" = $1`, [
      sellerEmail,
    ])) as unknown[];
    expect(log).toEqual([]);
    // The buyer's data is untouched.
    expect(await rowsOf('recipients', buyer)).toHaveLength(1);

    // A later event about them emails nobody (the address is gone).
    const before = (await t.mailTo(sellerEmail)).length;
    const late = await listings.publish(
      listingFavourited(newId(), seller, { at: new Date().toISOString() }),
    );
    await t.consumed(late.id);
    expect((await t.mailTo(sellerEmail)).length).toBe(before);

    // A replay of the deletion changes nothing and fails nothing.
    const again = await identity.publish({
      type: 'identity.user.deleted.v1',
      aggregateId: seller,
      payload: { userId: seller, deletedAt: new Date().toISOString() },
    });
    await t.consumed(again.id);
    expect(await rowsOf('recipients', seller)).toEqual([]);
  });
});
