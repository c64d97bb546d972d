import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import {
  deliveredEmail,
  formatCents,
  newPurchaseEmail,
  orderCompleteEmail,
  orderCompleteLine,
  paymentConfirmedEmail,
  SELLER_OWED,
  shippedEmail,
} from '../emails/templates/order-emails';
import { PartyNotifier, type PartyNotice } from './party-notifier';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';

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

  private notify(tx: EntityManager, eventId: string, n: PartyNotice): Promise<void> {
    return this.parties.notify(tx, eventId, n);
  }
}
