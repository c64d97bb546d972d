import 'reflect-metadata';
import { type ReviewPublishedV1 } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { type OutboxPublisher } from '@loadout/events/testing';
import { newEmail, newUserId, userRegistered } from './factories/identity-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

describe('orders.review.published.v1 → the reviewed user', () => {
  let t: NotificationsTestApp;
  let orders: OutboxPublisher;
  let identity: OutboxPublisher;

  const noticesOf = async (userId: string) =>
    (await t.ds.query(
      `SELECT type, title, message, navigate_to AS "navigateTo"
         FROM notifications.notifications WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as { type: string; title: string; message: string; navigateTo: string }[];

  const published = async (over: Partial<ReviewPublishedV1>) => {
    const reviewId = newId();
    const event = await orders.publish({
      type: 'orders.review.published.v1',
      aggregateId: reviewId,
      payload: {
        reviewId,
        orderId: newId(),
        listingId: newId(),
        listingTitle: 'G&G CM16 Raider',
        authorId: newUserId(),
        authorRole: 'buyer',
        subjectId: newUserId(),
        subjectRole: 'seller',
        rating: 4,
        comment: 'Grand',
        createdAt: '2026-11-20T10:00:00Z',
        publishedAt: '2026-11-21T10:00:00Z',
        subjectRating: { count: 1, sum: 4 },
        ...over,
      },
    });
    await t.consumed(event.id);
    return event;
  };

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_reviews');
    orders = await t.publisher('orders');
    identity = await t.publisher('identity');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('tells a reviewed seller, linking to their page', async () => {
    const seller = newUserId();
    await published({ subjectId: seller });
    expect(await noticesOf(seller)).toEqual([
      {
        type: 'other',
        title: 'You have a new review',
        message: 'The buyer of "G&G CM16 Raider" gave you 4 stars.',
        navigateTo: `/seller/${seller}`,
      },
    ]);
  });

  it('tells a reviewed buyer, once for a redelivered event', async () => {
    const buyer = newUserId();
    const event = await published({
      subjectId: buyer,
      subjectRole: 'buyer',
      authorRole: 'seller',
      rating: 5,
    });
    await orders.redeliver(event.id);
    await t.consumed(event.id, 2);
    expect(await noticesOf(buyer)).toEqual([
      expect.objectContaining({
        message: 'The seller of "G&G CM16 Raider" gave you 5 stars.',
        navigateTo: '/buyer-dashboard',
      }),
    ]);
  });

  it('emails the reviewed seller where to read the review and that they may reply once', async () => {
    const seller = newUserId();
    const email = newEmail('seller');
    const registered = await identity.publish(userRegistered(seller, email, 'Cian Walsh'));
    await t.consumed(registered.id);
    await published({ subjectId: seller, rating: 1 });
    const [mail] = await t.waitForMail(email);
    expect(mail!.subject).toBe('You have a new review on Loadout');
    expect(mail!.text).toContain('The buyer of "G&G CM16 Raider" gave you 1 star.');
    expect(mail!.text).toContain('You can reply to it once, publicly.');
    expect(mail!.text).toContain(`/seller/${seller}`);
  });

  it('records a skipped email when no address is known, and still tells the user in-app', async () => {
    const buyer = newUserId();
    const event = await published({ subjectId: buyer, subjectRole: 'buyer', authorRole: 'seller' });
    expect(await noticesOf(buyer)).toHaveLength(1);
    const rows = (await t.ds.query(
      `SELECT status, template FROM notifications.email_log WHERE event_id = $1`,
      [event.id],
    )) as { status: string; template: string }[];
    expect(rows).toEqual([{ status: 'skipped', template: 'review_published' }]);
  });
});
