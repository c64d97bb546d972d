import 'reflect-metadata';
import { newId } from '@loadout/db';
import { type OutboxPublisher } from '@loadout/events/testing';
import { newUserId } from './factories/identity-event.factory';
import { listingFavourited } from './factories/listing-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

describe('listings.listing.favourited.v1 → the seller, at most once per listing per day', () => {
  let t: NotificationsTestApp;
  let listings: OutboxPublisher;

  const noticesOf = async (userId: string) =>
    (await t.ds.query(
      `SELECT type, title, message, navigate_to AS "navigateTo"
         FROM notifications.notifications WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as { type: string; title: string; message: string; navigateTo: string }[];

  const favourite = async (...args: Parameters<typeof listingFavourited>) => {
    const event = await listings.publish(listingFavourited(...args));
    await t.consumed(event.id);
    return event;
  };

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_favourites');
    listings = await t.publisher('listings');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('tells the seller once a day per listing, without saying who', async () => {
    const seller = newUserId();
    const listing = newId();
    const other = newId();
    await favourite(listing, seller, { at: '2026-11-20T10:00:00Z' });
    await favourite(listing, seller, { at: '2026-11-20T18:00:00Z', favoriteCount: 2 });
    await favourite(other, seller, { at: '2026-11-20T18:05:00Z', title: 'VFC Glock 17' });
    await favourite(listing, seller, { at: '2026-11-21T09:00:00Z', favoriteCount: 3 });

    expect(await noticesOf(seller)).toEqual([
      {
        type: 'listing_favourited',
        title: 'Someone favourited your listing',
        message: '"G&G CM16 Raider" was added to a favourites list.',
        navigateTo: `/listing/${listing}`,
      },
      expect.objectContaining({ navigateTo: `/listing/${other}` }),
      expect.objectContaining({
        message:
          '"G&G CM16 Raider" was added to a favourites list. It is now in 3 favourites lists.',
      }),
    ]);
  });

  it('applies a redelivered event once', async () => {
    const seller = newUserId();
    const event = await favourite(newId(), seller);
    await listings.redeliver(event.id);
    await t.consumed(event.id, 2);
    expect(await noticesOf(seller)).toHaveLength(1);
  });

  it('ignores a seller favouriting their own listing', async () => {
    const seller = newUserId();
    await favourite(newId(), seller, { userId: seller });
    expect(await noticesOf(seller)).toEqual([]);
  });
});
