import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import {
  deliveredEmail,
  deliveryReminderEmail,
  formatCents,
  orderCancelledEmail,
  orderRefundedEmail,
  failureInWords,
  payoutFailedEmail,
  refundFailedEmail,
  newPurchaseEmail,
  orderCompleteEmail,
  orderCompleteLine,
  paymentConfirmedEmail,
  SELLER_OWED,
  shippedEmail,
} from '../emails/templates/order-emails';
import { PartyNotifier, type PartyNotice } from './party-notifier';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';

const BUYER = '/buyer-dashboard';
const SELLER = '/seller-dashboard';
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'Europe/Dublin' }).format(
    new Date(iso),
  );

/**
 * Tells buyer and seller what happened to their order: an in-app notification of the seed's
 * types and an email each. Runs in the consumer's transaction (once per event id).
 */
@Injectable()
export class NotifyOrderPartiesHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly parties: PartyNotifier,
  ) {}

  async paid(tx: EntityManager, event: EventOf<'orders.order.paid.v1'>): Promise<void> {
    const p = event.payload;
    const publicUrl = this.config.PUBLIC_URL;
    await this.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'payment_confirmed',
      title: 'Payment confirmed',
      message: `Your payment of ${formatCents(p.totalCents)} for "${p.listingTitle}" is held in escrow until you confirm delivery.`,
      navigateTo: '/buyer-dashboard',
      email: {
        template: 'order_payment_confirmed',
        render: (displayName) =>
          paymentConfirmedEmail({
            displayName,
            title: p.listingTitle,
            totalCents: p.totalCents,
            publicUrl,
          }),
      },
    });
    await this.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'new_purchase',
      title: 'New purchase',
      message: `"${p.listingTitle}" was bought. Ship it to receive ${formatCents(p.sellerReceivesCents)}.`,
      navigateTo: '/seller-dashboard',
      email: {
        template: 'order_new_purchase',
        render: (displayName) =>
          newPurchaseEmail({
            displayName,
            title: p.listingTitle,
            sellerReceivesCents: p.sellerReceivesCents,
            shipBy: p.shipBy,
            delivery: p.delivery,
            deliveryAddress: p.deliveryAddress ?? null,
            publicUrl,
          }),
      },
    });
  }

  async shipped(tx: EntityManager, event: EventOf<'orders.order.shipped.v1'>): Promise<void> {
    const p = event.payload;
    await this.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'shipped',
      title: 'Your item has shipped',
      message: p.handedOverInPerson
        ? `"${p.listingTitle}" was handed over in person. Confirm delivery to release the payment.`
        : `"${p.listingTitle}" is on its way (${[p.carrier, p.trackingNumber].filter(Boolean).join(', ')}). Confirm delivery when it arrives.`,
      navigateTo: '/buyer-dashboard',
      email: {
        template: 'order_shipped',
        render: (displayName) =>
          shippedEmail({
            displayName,
            title: p.listingTitle,
            carrier: p.carrier,
            trackingNumber: p.trackingNumber,
            handedOverInPerson: p.handedOverInPerson,
            autoReleaseAt: p.autoReleaseAt,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
  }

  async completed(tx: EntityManager, event: EventOf<'orders.order.completed.v1'>): Promise<void> {
    const p = event.payload;
    await this.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'delivered',
      title: 'Delivery confirmed',
      message: `The delivery of "${p.listingTitle}" is confirmed: ${formatCents(p.sellerReceivesCents)} is ${SELLER_OWED}.`,
      navigateTo: '/seller-dashboard',
      email: {
        template: 'order_delivered',
        render: (displayName) =>
          deliveredEmail({
            displayName,
            title: p.listingTitle,
            sellerReceivesCents: p.sellerReceivesCents,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
    await this.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'delivered',
      title: 'Order complete',
      message: orderCompleteLine(p.listingTitle, p.releasedBy),
      navigateTo: '/buyer-dashboard',
      // The buyer who confirmed has just done it: the email is their record, the bell stays quiet.
      inApp: p.releasedBy !== 'buyer',
      email: {
        template: 'order_completed',
        render: (displayName) =>
          orderCompleteEmail({
            displayName,
            title: p.listingTitle,
            totalCents: p.totalCents,
            completedBy: p.releasedBy,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
  }

  /** The buyer must act (confirm or dispute); the seller is told the reminder went out. */
  async reminded(tx: EntityManager, event: EventOf<'orders.order.reminder.v1'>): Promise<void> {
    const p = event.payload;
    const on = day(p.autoReleaseAt);
    await this.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'delivery_reminder',
      title: 'Did your item arrive?',
      message: `Confirm delivery of "${p.listingTitle}", or open a dispute if something is wrong. Otherwise ${formatCents(p.sellerReceivesCents)} is released to the seller on ${on}.`,
      navigateTo: BUYER,
      email: {
        template: 'order_delivery_reminder',
        render: (displayName) =>
          deliveryReminderEmail({
            displayName,
            title: p.listingTitle,
            sellerReceivesCents: p.sellerReceivesCents,
            autoReleaseAt: p.autoReleaseAt,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
    await this.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'delivery_reminder',
      title: 'Buyer reminded to confirm delivery',
      message: `The buyer of "${p.listingTitle}" was reminded to confirm delivery. Unless they open a dispute, ${formatCents(p.sellerReceivesCents)} is released to you on ${on}.`,
      navigateTo: SELLER,
    });
  }

  /**
   * Both parties, in-app; by email too when money had been paid (the buyer's comes back, the
   * seller's sale is undone and must not ship). An unpaid order's cancellation moves nothing.
   */
  async cancelled(tx: EntityManager, event: EventOf<'orders.order.cancelled.v1'>): Promise<void> {
    const p = event.payload;
    const paid = p.refundedCents > 0;
    const title = `"${p.listingTitle}"`;
    const reason = p.reason?.trim() ? ` (reason: ${p.reason.trim()})` : '';
    const shipByMissed = p.cancelledBy === 'system';
    const buyerWhy = shipByMissed
      ? `The seller did not ship ${title} in time, so the order was cancelled.`
      : p.cancelledBy === 'buyer'
        ? `You cancelled your order of ${title}.`
        : p.cancelledBy === 'seller'
          ? `The seller cancelled your order of ${title}${reason}.`
          : `Loadout cancelled your order of ${title}${reason}.`;
    const sellerWhy = shipByMissed
      ? `${title} was not marked shipped in time, so the order was cancelled and the buyer refunded.`
      : p.cancelledBy === 'seller'
        ? `You cancelled the order of ${title}.`
        : `${p.cancelledBy === 'buyer' ? 'The buyer' : 'Loadout'} cancelled the order of ${title}${reason}.`;
    const buyerMoney = paid
      ? `${formatCents(p.refundedCents)} is being refunded to you.`
      : 'You were not charged.';
    const sellerMoney =
      paid && !shipByMissed ? ' Do not ship it; the payment goes back to the buyer.' : '';
    for (const role of ['buyer', 'seller'] as const) {
      const why = role === 'buyer' ? buyerWhy : sellerWhy;
      await this.notify(tx, event.id, {
        userId: role === 'buyer' ? p.buyerId : p.sellerId,
        type: 'order_cancelled',
        title: 'Order cancelled',
        message: role === 'buyer' ? `${why} ${buyerMoney}` : `${why}${sellerMoney}`,
        navigateTo: role === 'buyer' ? BUYER : SELLER,
        ...(paid && {
          email: {
            template: 'order_cancelled' as const,
            render: (displayName: string | null) =>
              orderCancelledEmail({
                displayName,
                role,
                title: p.listingTitle,
                why,
                refundedCents: p.refundedCents,
                publicUrl: this.config.PUBLIC_URL,
              }),
          },
        }),
      });
    }
  }

  /**
   * The processor sent money back. Both parties in-app; the buyer by email (their money moved),
   * the seller too when only a part went back (the rest stays held for an admin). A dispute's
   * refund is told by the dispute's own notices.
   */
  async refunded(tx: EntityManager, event: EventOf<'orders.order.refunded.v1'>): Promise<void> {
    const p = event.payload;
    if (p.byDispute === true) return;
    const amount = formatCents(p.refundedCents);
    const title = `"${p.listingTitle}"`;
    if (p.refundPending === true) {
      // Asked, not confirmed (ADR 0042): "on its way", never "refunded"; the email follows with
      // the processor's confirmation (a second event).
      await this.notify(tx, event.id, {
        userId: p.buyerId,
        type: 'order_refunded',
        title: 'Refund on its way',
        message: `${amount} for ${title} is being refunded to you. We will tell you when the payment processor confirms it.`,
        navigateTo: BUYER,
      });
      await this.notify(tx, event.id, {
        userId: p.sellerId,
        type: 'order_refunded',
        title: 'Buyer being refunded',
        message: `The buyer of ${title} is being refunded ${amount}.`,
        navigateTo: SELLER,
      });
      return;
    }
    const email = (role: 'buyer' | 'seller') => ({
      template: 'order_refunded' as const,
      render: (displayName: string | null) =>
        orderRefundedEmail({
          displayName,
          role,
          title: p.listingTitle,
          refundedCents: p.refundedCents,
          full: p.full,
          publicUrl: this.config.PUBLIC_URL,
        }),
    });
    await this.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'order_refunded',
      title: p.full ? 'Refund sent' : 'Partial refund sent',
      message: `${amount} for ${title} was refunded to you. It can take a few days to show on your statement.`,
      navigateTo: BUYER,
      email: email('buyer'),
    });
    await this.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'order_refunded',
      title: p.full ? 'Buyer refunded' : 'Buyer partly refunded',
      message: p.full
        ? `The buyer of ${title} was refunded ${amount}.`
        : `The buyer of ${title} was refunded ${amount}. The rest of the payment stays held until Loadout settles it.`,
      navigateTo: SELLER,
      ...(!p.full && { email: email('seller') }),
    });
  }

  /** Never paid: nobody was charged and nobody must act, so in-app only. */
  async expired(tx: EntityManager, event: EventOf<'orders.order.expired.v1'>): Promise<void> {
    const p = event.payload;
    await this.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'order_cancelled',
      title: 'Order expired',
      message: `Your order of "${p.listingTitle}" was not paid in time and has expired. You were not charged.`,
      navigateTo: BUYER,
    });
    await this.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'order_cancelled',
      title: 'Order expired',
      message: `The order of "${p.listingTitle}" was not paid in time; the listing is on sale again.`,
      navigateTo: SELLER,
    });
  }

  /**
   * A refund failed for good (parked for an admin, ADR 0042): the buyer in-app and by email
   * (their money did not come back), the seller in-app (nothing changes for them).
   */
  async refundFailed(
    tx: EntityManager,
    event: EventOf<'orders.order.refund_failed.v1'>,
  ): Promise<void> {
    const p = event.payload;
    const title = `"${p.listingTitle}"`;
    await this.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'order_refunded',
      title: 'Refund not completed',
      message: `Your refund of ${formatCents(p.failedCents)} for ${title} could not be completed (${failureInWords(p.reason)}). The money is safe with Loadout; our team will contact you to return it.`,
      navigateTo: BUYER,
      email: {
        template: 'order_refund_failed',
        render: (displayName) =>
          refundFailedEmail({
            displayName,
            title: p.listingTitle,
            failedCents: p.failedCents,
            reason: p.reason,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
    await this.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'order_refunded',
      title: 'Refund not completed',
      message: `The refund to the buyer of ${title} could not be completed; Loadout is handling it. Nothing changes for you.`,
      navigateTo: SELLER,
    });
  }

  /** A payout to the seller's bank failed: they must act, so in-app and email (ADR 0042). */
  async payoutFailed(tx: EntityManager, event: EventOf<'orders.payout.failed.v1'>): Promise<void> {
    const p = event.payload;
    await this.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'other',
      title: 'Payout failed',
      message: `A payout of ${formatCents(p.amountCents)} to your bank account failed (${failureInWords(p.failureCode)}). Check your bank details in your payout settings.`,
      navigateTo: SELLER,
      email: {
        template: 'order_payout_failed',
        render: (displayName) =>
          payoutFailedEmail({
            displayName,
            amountCents: p.amountCents,
            failureCode: p.failureCode,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
  }

  private notify(tx: EntityManager, eventId: string, n: PartyNotice): Promise<void> {
    return this.parties.notify(tx, eventId, n);
  }
}
