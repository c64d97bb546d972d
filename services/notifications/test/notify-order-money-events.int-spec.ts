import 'reflect-metadata';
import { type OutboxPublisher } from '@loadout/events/testing';
import {
  orderCancelled,
  orderExpired,
  orderFacts,
  orderRefunded,
  orderRefundFailed,
  orderReminder,
  payoutFailed,
} from './factories/order-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

/**
 * Issue 23 scenario 12: every money event of an order reaches both parties in-app, and by email
 * the party who must act or whose money moved (real Postgres inbox, devbox mail).
 */
describe('orders money events → notifications of both parties', () => {
  let t: NotificationsTestApp;
  let orders: OutboxPublisher;

  const notificationsOf = (userId: string) => t.notificationsOf(userId);
  const mailsTo = (to: string) => t.mailsTo(to);

  /** A buyer and a seller with known addresses. */
  const parties = async () => {
    const p = await t.knownParties();
    return { ...p, facts: orderFacts(p.buyer, p.seller) };
  };

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_money_events');
    orders = await t.publisher('orders');
  });

  afterAll(async () => t?.close());

  it('reminds the buyer to confirm delivery by email and tells the seller in-app', async () => {
    const p = await parties();
    const event = await orders.publish(orderReminder(p.facts, 7));
    await t.consumed(event.id);
    expect(await notificationsOf(p.buyer)).toEqual([
      {
        type: 'delivery_reminder',
        title: 'Did your item arrive?',
        message: expect.stringContaining(
          'Confirm delivery of "Tokyo Marui Hi-Capa 5.1", or open a dispute if something is wrong. Otherwise €128.00 is released to the seller on',
        ),
        navigateTo: '/buyer-dashboard',
      },
    ]);
    expect(await notificationsOf(p.seller)).toEqual([
      expect.objectContaining({ type: 'delivery_reminder', navigateTo: '/seller-dashboard' }),
    ]);
    const [mail] = await mailsTo(p.buyerEmail);
    expect(mail!.subject).toBe('Did it arrive? Tokyo Marui Hi-Capa 5.1');
    expect(mail!.text).toContain('http://localhost:8080/buyer-dashboard');
    expect(await mailsTo(p.sellerEmail)).toEqual([]);
  });

  it('tells both of a paid order cancelled by the buyer, emailing both because the money moves back', async () => {
    const p = await parties();
    const event = await orders.publish(
      orderCancelled(p.facts, { cancelledBy: 'buyer', reason: 'Changed my mind' }),
    );
    await t.consumed(event.id);
    expect(await notificationsOf(p.buyer)).toEqual([
      {
        type: 'order_cancelled',
        title: 'Order cancelled',
        message:
          'You cancelled your order of "Tokyo Marui Hi-Capa 5.1". €131.20 is being refunded to you.',
        navigateTo: '/buyer-dashboard',
      },
    ]);
    expect(await notificationsOf(p.seller)).toEqual([
      {
        type: 'order_cancelled',
        title: 'Order cancelled',
        message:
          'The buyer cancelled the order of "Tokyo Marui Hi-Capa 5.1" (reason: Changed my mind). Do not ship it; the payment goes back to the buyer.',
        navigateTo: '/seller-dashboard',
      },
    ]);
    const [buyerMail] = await mailsTo(p.buyerEmail);
    expect(buyerMail!.subject).toBe('Order cancelled: Tokyo Marui Hi-Capa 5.1');
    expect(buyerMail!.text).toContain('€131.20 is being refunded to you');
    const [sellerMail] = await mailsTo(p.sellerEmail);
    expect(sellerMail!.text).toContain('Do not ship it');
  });

  it('says a missed ship-by deadline cancelled the order, to both by email', async () => {
    const p = await parties();
    const event = await orders.publish(
      orderCancelled(p.facts, {
        cancelledBy: 'system',
        reason: 'The seller did not mark it shipped in time.',
      }),
    );
    await t.consumed(event.id);
    expect((await notificationsOf(p.seller))[0]).toMatchObject({
      type: 'order_cancelled',
      message:
        '"Tokyo Marui Hi-Capa 5.1" was not marked shipped in time, so the order was cancelled and the buyer refunded.',
    });
    expect((await notificationsOf(p.buyer))[0]).toMatchObject({
      message:
        'The seller did not ship "Tokyo Marui Hi-Capa 5.1" in time, so the order was cancelled. €131.20 is being refunded to you.',
    });
    expect((await mailsTo(p.sellerEmail))[0]!.subject).toBe(
      'Order cancelled: Tokyo Marui Hi-Capa 5.1',
    );
    expect((await mailsTo(p.buyerEmail))[0]!.text).toContain('€131.20 is being refunded to you');
  });

  it('tells both of an unpaid cancellation in-app only: no money moved, nobody must act', async () => {
    const p = await parties();
    const event = await orders.publish(
      orderCancelled(p.facts, { cancelledBy: 'seller', refundedCents: 0 }),
    );
    await t.consumed(event.id);
    expect((await notificationsOf(p.buyer))[0]).toMatchObject({
      type: 'order_cancelled',
      message:
        'The seller cancelled your order of "Tokyo Marui Hi-Capa 5.1". You were not charged.',
    });
    expect(await notificationsOf(p.seller)).toHaveLength(1);
    expect(await mailsTo(p.buyerEmail)).toEqual([]);
    expect(await mailsTo(p.sellerEmail)).toEqual([]);
  });

  it('tells both of a full refund and emails the buyer, whose money moved', async () => {
    const p = await parties();
    const event = await orders.publish(orderRefunded(p.facts));
    await t.consumed(event.id);
    expect(await notificationsOf(p.buyer)).toEqual([
      {
        type: 'order_refunded',
        title: 'Refund sent',
        message:
          '€131.20 for "Tokyo Marui Hi-Capa 5.1" was refunded to you. It can take a few days to show on your statement.',
        navigateTo: '/buyer-dashboard',
      },
    ]);
    expect(await notificationsOf(p.seller)).toEqual([
      expect.objectContaining({
        type: 'order_refunded',
        message: 'The buyer of "Tokyo Marui Hi-Capa 5.1" was refunded €131.20.',
      }),
    ]);
    const [mail] = await mailsTo(p.buyerEmail);
    expect(mail!.subject).toBe('Refund sent: Tokyo Marui Hi-Capa 5.1');
    expect(mail!.text).toContain('€131.20');
    expect(await mailsTo(p.sellerEmail)).toEqual([]);
  });

  it('tells both of a partial refund, and the seller by email that the rest is held for an admin', async () => {
    const p = await parties();
    const event = await orders.publish(
      orderRefunded(p.facts, { refundedCents: 5_000, full: false, relist: false }),
    );
    await t.consumed(event.id);
    expect((await notificationsOf(p.buyer))[0]).toMatchObject({
      type: 'order_refunded',
      title: 'Partial refund sent',
      message:
        '€50.00 for "Tokyo Marui Hi-Capa 5.1" was refunded to you. It can take a few days to show on your statement.',
    });
    expect((await notificationsOf(p.seller))[0]).toMatchObject({
      type: 'order_refunded',
      message:
        'The buyer of "Tokyo Marui Hi-Capa 5.1" was refunded €50.00. The rest of the payment stays held until Loadout settles it.',
    });
    expect((await mailsTo(p.buyerEmail))[0]!.subject).toBe(
      'Partial refund sent: Tokyo Marui Hi-Capa 5.1',
    );
    expect((await mailsTo(p.sellerEmail))[0]!.text).toContain(
      'The rest of the payment stays held until Loadout settles it.',
    );
  });

  it('says a refund asked but not confirmed is on its way, never "refunded", and emails nobody yet (ADR 0042)', async () => {
    const p = await parties();
    const event = await orders.publish(orderRefunded(p.facts, { refundPending: true }));
    await t.consumed(event.id);
    expect(await notificationsOf(p.buyer)).toEqual([
      {
        type: 'order_refunded',
        title: 'Refund on its way',
        message:
          '€131.20 for "Tokyo Marui Hi-Capa 5.1" is being refunded to you. We will tell you when the payment processor confirms it.',
        navigateTo: '/buyer-dashboard',
      },
    ]);
    expect(await notificationsOf(p.seller)).toEqual([
      expect.objectContaining({
        type: 'order_refunded',
        message: 'The buyer of "Tokyo Marui Hi-Capa 5.1" is being refunded €131.20.',
      }),
    ]);
    expect(await mailsTo(p.buyerEmail)).toEqual([]);
    expect(await mailsTo(p.sellerEmail)).toEqual([]);
  });

  it('tells the seller in-app and by email that a payout to their bank failed (ADR 0042)', async () => {
    const p = await parties();
    const event = await orders.publish(payoutFailed(p.seller));
    await t.consumed(event.id);
    expect(await notificationsOf(p.seller)).toEqual([
      {
        type: 'other',
        title: 'Payout failed',
        message:
          'A payout of €128.00 to your bank account failed (account closed). Check your bank details in your payout settings.',
        navigateTo: '/seller-dashboard',
      },
    ]);
    const [mail] = await mailsTo(p.sellerEmail);
    expect(mail!.subject).toBe('Payout failed: €128.00 did not reach your bank');
    expect(mail!.text).toContain('http://localhost:8080/seller-dashboard');
    expect(await notificationsOf(p.buyer)).toEqual([]);
  });

  it('tells both that a refund failed for good, and the buyer by email (ADR 0042)', async () => {
    const p = await parties();
    const event = await orders.publish(orderRefundFailed(p.facts));
    await t.consumed(event.id);
    expect(await notificationsOf(p.buyer)).toEqual([
      {
        type: 'order_refunded',
        title: 'Refund not completed',
        message:
          'Your refund of €131.20 for "Tokyo Marui Hi-Capa 5.1" could not be completed (expired or canceled card). The money is safe with Loadout; our team will contact you to return it.',
        navigateTo: '/buyer-dashboard',
      },
    ]);
    expect(await notificationsOf(p.seller)).toEqual([
      expect.objectContaining({
        type: 'order_refunded',
        message:
          'The refund to the buyer of "Tokyo Marui Hi-Capa 5.1" could not be completed; Loadout is handling it. Nothing changes for you.',
      }),
    ]);
    const [mail] = await mailsTo(p.buyerEmail);
    expect(mail!.subject).toBe('Refund not completed: Tokyo Marui Hi-Capa 5.1');
    expect(await mailsTo(p.sellerEmail)).toEqual([]);
  });

  it("leaves a dispute's refund to the dispute's own notices", async () => {
    const p = await parties();
    const event = await orders.publish(orderRefunded(p.facts, { byDispute: true }));
    await t.consumed(event.id);
    expect(await notificationsOf(p.buyer)).toEqual([]);
    expect(await notificationsOf(p.seller)).toEqual([]);
  });

  it('tells both in-app that an unpaid order expired', async () => {
    const p = await parties();
    const event = await orders.publish(orderExpired(p.facts));
    await t.consumed(event.id);
    expect(await notificationsOf(p.buyer)).toEqual([
      {
        type: 'order_cancelled',
        title: 'Order expired',
        message:
          'Your order of "Tokyo Marui Hi-Capa 5.1" was not paid in time and has expired. You were not charged.',
        navigateTo: '/buyer-dashboard',
      },
    ]);
    expect((await notificationsOf(p.seller))[0]).toMatchObject({
      type: 'order_cancelled',
      title: 'Order expired',
      message:
        'The order of "Tokyo Marui Hi-Capa 5.1" was not paid in time; the listing is on sale again.',
    });
    expect(await mailsTo(p.buyerEmail)).toEqual([]);
    expect(await mailsTo(p.sellerEmail)).toEqual([]);
  });
});
