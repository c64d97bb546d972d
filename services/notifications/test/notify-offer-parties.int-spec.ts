import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { type OutboxPublisher, waitFor } from '@loadout/events/testing';
import { offerEvent, offerFacts } from './factories/offer-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

/** Orders' offer events → in-app notices of type `offer`, email to who must act (real inbox). */
describe('offer events → notifications of the parties', () => {
  let t: NotificationsTestApp;
  let ds: DataSource;
  let orders: OutboxPublisher;

  const notificationsOf = (userId: string) => t.notificationsOf(userId);
  const mailsTo = (to: string) => t.mailsTo(to);
  const consumed = (ids: string[]) =>
    waitFor('the events consumed', async () => {
      const [{ n }] = (await ds.query(
        `SELECT count(*)::int AS n FROM notifications.inbox WHERE event_id = ANY($1::uuid[])`,
        [ids],
      )) as { n: number }[];
      return n === ids.length;
    });

  const registered = () => t.knownParties();

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_offers');
    ds = t.ds;
    orders = await t.publisher('orders');
  });

  afterAll(async () => t?.close());

  it('emails the seller of an offer, the buyer of a counter, and tells the seller the buyer accepted', async () => {
    const { buyer, seller, buyerEmail, sellerEmail } = await registered();
    const f = offerFacts(buyer, seller);

    await orders.publish(offerEvent('orders.offer.made.v1', f, { message: 'Would you take 70?' }));
    await waitFor('the seller notice', async () => (await notificationsOf(seller)).length === 1);
    expect(await notificationsOf(seller)).toEqual([
      expect.objectContaining({ type: 'offer', title: 'New offer', navigateTo: '/offers' }),
    ]);
    const [made] = await mailsTo(sellerEmail);
    expect(made!.subject).toBe('New offer of €70.00: Tokyo Marui Hi-Capa 5.1');
    expect(made!.text).toContain('your price: €100.00');
    expect(made!.text).toContain('Would you take 70?');
    expect(made!.text).toContain('1 December 2026');
    expect(await notificationsOf(buyer)).toEqual([]);

    await orders.publish(
      offerEvent('orders.offer.countered.v1', f, {
        status: 'countered',
        amountCents: 8_500,
        by: 'seller',
        message: null,
      }),
    );
    await waitFor('the buyer notice', async () => (await notificationsOf(buyer)).length === 1);
    expect((await notificationsOf(buyer))[0]).toMatchObject({
      type: 'offer',
      title: 'Counter-offer',
    });
    expect((await mailsTo(buyerEmail))[0]!.subject).toBe(
      'Counter-offer of €85.00: Tokyo Marui Hi-Capa 5.1',
    );

    await orders.publish(
      offerEvent('orders.offer.accepted.v1', f, {
        status: 'accepted',
        amountCents: 8_500,
        by: 'buyer',
        orderId: 'order-1',
      }),
    );
    await waitFor('the seller notice', async () => (await notificationsOf(seller)).length === 2);
    expect((await notificationsOf(seller))[1]).toMatchObject({
      title: 'Counter-offer accepted',
      message: expect.stringContaining('€85.00'),
    });
    // The buyer acted: no email to them, and the seller is told in the app only.
    expect(await mailsTo(buyerEmail)).toHaveLength(1);
    expect(await mailsTo(sellerEmail)).toHaveLength(1);
  });

  it('emails the buyer to pay when the seller accepts; in-app only for decline, withdrawal and expiry', async () => {
    const { buyer, seller, buyerEmail, sellerEmail } = await registered();
    const accepted = offerFacts(buyer, seller);
    const declined = offerFacts(buyer, seller);
    const withdrawn = offerFacts(buyer, seller);
    const expired = offerFacts(buyer, seller);
    const ids = [
      (
        await orders.publish(
          offerEvent('orders.offer.accepted.v1', accepted, {
            status: 'accepted',
            by: 'seller',
            orderId: 'order-2',
            payBy: '2026-12-01T12:30:00.000Z',
          }),
        )
      ).id,
      (
        await orders.publish(
          offerEvent('orders.offer.declined.v1', declined, { status: 'declined', by: 'seller' }),
        )
      ).id,
      (
        await orders.publish(
          offerEvent('orders.offer.withdrawn.v1', withdrawn, { status: 'withdrawn' }),
        )
      ).id,
      (
        await orders.publish(
          offerEvent('orders.offer.expired.v1', expired, { status: 'expired', by: 'system' }),
        )
      ).id,
    ];
    await consumed(ids);
    expect((await notificationsOf(buyer)).map((n) => n.title).sort()).toEqual(
      ['Offer accepted', 'Offer declined', 'Offer expired'].sort(),
    );
    expect((await notificationsOf(seller)).map((n) => n.title).sort()).toEqual(
      ['Offer expired', 'Offer withdrawn'].sort(),
    );
    const mails = await mailsTo(buyerEmail);
    expect(mails.map((m) => m.subject)).toEqual(['Offer accepted: Tokyo Marui Hi-Capa 5.1']);
    expect(mails[0]!.text).toContain('Pay now');
    // The true window: the order's pay-by time (ADR 0037).
    expect(mails[0]!.text).toContain('1 December 2026 at 12:30');
    expect((await notificationsOf(buyer)).find((n) => n.title === 'Offer accepted')!.message).toBe(
      'The seller accepted €70.00 for "Tokyo Marui Hi-Capa 5.1". It is reserved for you until 1 December 2026 at 12:30: pay by then or it goes back on sale.',
    );
    expect(await mailsTo(sellerEmail)).toEqual([]);
  });

  it('tells the buyer of a closed offer, in the app, that the item went to someone else or is off sale; not when they bought it themselves', async () => {
    const { buyer, seller, buyerEmail, sellerEmail } = await registered();
    const byOffer = offerFacts(buyer, seller);
    const byCheckout = offerFacts(buyer, seller);
    const own = offerFacts(buyer, seller);
    const removed = offerFacts(buyer, seller);
    const closed = (f: typeof byOffer, reason: string) =>
      orders.publish(
        offerEvent('orders.offer.closed.v1', f, {
          status: 'closed',
          by: 'system',
          reason: reason as 'other_offer_accepted',
        }),
      );
    const ids = [
      (await closed(byOffer, 'other_offer_accepted')).id,
      (await closed(byCheckout, 'reserved_by_checkout')).id,
      (await closed(own, 'buyer_checked_out')).id,
      (await closed(removed, 'listing_removed')).id,
    ];
    await consumed(ids);
    const notices = await notificationsOf(buyer);
    expect(notices).toHaveLength(3);
    for (const n of notices)
      expect(n).toMatchObject({ type: 'offer', title: 'Offer closed', navigateTo: '/offers' });
    expect(notices.map((n) => n.message).sort()).toEqual(
      [
        'The seller accepted another buyer’s offer for "Tokyo Marui Hi-Capa 5.1", so your offer was closed. If that sale falls through, the listing comes back and you can make a new offer.',
        'Another buyer is buying "Tokyo Marui Hi-Capa 5.1", so your offer was closed. If that sale falls through, the listing comes back and you can make a new offer.',
        '"Tokyo Marui Hi-Capa 5.1" is no longer for sale, so your offer was closed.',
      ].sort(),
    );
    expect(await notificationsOf(seller)).toEqual([]);
    expect(await mailsTo(buyerEmail)).toEqual([]);
    expect(await mailsTo(sellerEmail)).toEqual([]);
  });

  it('reminds the buyer to pay an accepted offer before its order expires, in the app and by email', async () => {
    const { buyer, seller, buyerEmail, sellerEmail } = await registered();
    const f = offerFacts(buyer, seller);
    const { id } = await orders.publish(
      offerEvent('orders.offer.pay_reminder.v1', f, {
        status: 'accepted',
        by: 'system',
        orderId: 'order-7',
        totalCents: 7_975,
        payBy: '2026-12-01T12:30:00.000Z',
      }),
    );
    await consumed([id]);
    expect(await notificationsOf(buyer)).toEqual([
      expect.objectContaining({
        type: 'offer',
        title: 'Pay for your accepted offer',
        message:
          'Pay €79.75 for "Tokyo Marui Hi-Capa 5.1" by 1 December 2026 at 12:30, or the order is cancelled and the item goes back on sale.',
        navigateTo: '/offers',
      }),
    ]);
    const mails = await mailsTo(buyerEmail);
    expect(mails.map((m) => m.subject)).toEqual([
      'Reminder: pay for Tokyo Marui Hi-Capa 5.1 by 1 December 2026 at 12:30',
    ]);
    expect(mails[0]!.text).toContain('€79.75');
    expect(await notificationsOf(seller)).toEqual([]);
    expect(await mailsTo(sellerEmail)).toEqual([]);
  });
});
