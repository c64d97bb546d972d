import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import {
  offerAcceptedEmail,
  offerCounteredEmail,
  offerMadeEmail,
  offerPayReminderEmail,
  when,
} from '../emails/templates/offer-emails';
import { formatCents } from '../emails/templates/order-emails';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { PartyNotifier } from '../notify-order-parties/party-notifier';

const AT = '/offers';

/**
 * Tells the parties of an offer what happened (type `offer`): in-app to the party who must act
 * or is affected, and an email to the party who must act (the seller of a new offer, the buyer
 * of a counter, the buyer who must pay an offer the seller accepted).
 */
@Injectable()
export class NotifyOfferPartiesHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly parties: PartyNotifier,
  ) {}

  async made(tx: EntityManager, event: EventOf<'orders.offer.made.v1'>): Promise<void> {
    const p = event.payload;
    await this.parties.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'offer',
      title: 'New offer',
      message: `A buyer offers ${formatCents(p.amountCents)} for "${p.listingTitle}". Answer within 48 hours.`,
      navigateTo: AT,
      email: {
        template: 'offer_made',
        render: (displayName) =>
          offerMadeEmail({
            displayName,
            title: p.listingTitle,
            amountCents: p.amountCents,
            askingCents: p.askingCents,
            message: p.message,
            expiresAt: p.expiresAt,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
  }

  async countered(tx: EntityManager, event: EventOf<'orders.offer.countered.v1'>): Promise<void> {
    const p = event.payload;
    await this.parties.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'offer',
      title: 'Counter-offer',
      message: `The seller of "${p.listingTitle}" proposes ${formatCents(p.amountCents)}. Answer within 48 hours.`,
      navigateTo: AT,
      email: {
        template: 'offer_countered',
        render: (displayName) =>
          offerCounteredEmail({
            displayName,
            title: p.listingTitle,
            amountCents: p.amountCents,
            message: p.message,
            expiresAt: p.expiresAt,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
  }

  async accepted(tx: EntityManager, event: EventOf<'orders.offer.accepted.v1'>): Promise<void> {
    const p = event.payload;
    const price = formatCents(p.amountCents);
    if (p.by === 'seller') {
      // The buyer must pay now: in-app and email.
      await this.parties.notify(tx, event.id, {
        userId: p.buyerId,
        type: 'offer',
        title: 'Offer accepted',
        message: p.payBy
          ? `The seller accepted ${price} for "${p.listingTitle}". It is reserved for you until ${when(p.payBy)}: pay by then or it goes back on sale.`
          : `The seller accepted ${price} for "${p.listingTitle}". It is reserved for you: pay for it now.`,
        navigateTo: AT,
        email: {
          template: 'offer_accepted',
          render: (displayName) =>
            offerAcceptedEmail({
              displayName,
              title: p.listingTitle,
              amountCents: p.amountCents,
              payBy: p.payBy,
              publicUrl: this.config.PUBLIC_URL,
            }),
        },
      });
      return;
    }
    await this.parties.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'offer',
      title: 'Counter-offer accepted',
      message: `The buyer accepted ${price} for "${p.listingTitle}". It is reserved for them until they pay.`,
      navigateTo: AT,
    });
  }

  async declined(tx: EntityManager, event: EventOf<'orders.offer.declined.v1'>): Promise<void> {
    const p = event.payload;
    const bySeller = p.by === 'seller';
    await this.parties.notify(tx, event.id, {
      userId: bySeller ? p.buyerId : p.sellerId,
      type: 'offer',
      title: bySeller ? 'Offer declined' : 'Counter-offer declined',
      message: bySeller
        ? `The seller declined your offer for "${p.listingTitle}".`
        : `The buyer declined your counter-offer for "${p.listingTitle}".`,
      navigateTo: AT,
    });
  }

  async withdrawn(tx: EntityManager, event: EventOf<'orders.offer.withdrawn.v1'>): Promise<void> {
    const p = event.payload;
    await this.parties.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'offer',
      title: 'Offer withdrawn',
      message: `The buyer withdrew their offer for "${p.listingTitle}".`,
      navigateTo: AT,
    });
  }

  async expired(tx: EntityManager, event: EventOf<'orders.offer.expired.v1'>): Promise<void> {
    const p = event.payload;
    for (const userId of [p.buyerId, p.sellerId])
      await this.parties.notify(tx, event.id, {
        userId,
        type: 'offer',
        title: 'Offer expired',
        message: `The offer for "${p.listingTitle}" expired: nobody answered within 48 hours.`,
        navigateTo: AT,
      });
  }

  /**
   * Another order took the listing (ADR 0037), or the listing was removed: the buyer of the
   * closed offer is told, in the app, in words that are true at that moment (the other sale is
   * not paid yet). A buyer who bought it at the asking price themselves is not told about their
   * own offer.
   */
  async closed(tx: EntityManager, event: EventOf<'orders.offer.closed.v1'>): Promise<void> {
    const p = event.payload;
    if (p.reason === 'buyer_checked_out') return;
    if (p.reason === 'listing_removed') {
      await this.parties.notify(tx, event.id, {
        userId: p.buyerId,
        type: 'offer',
        title: 'Offer closed',
        message: `"${p.listingTitle}" is no longer for sale, so your offer was closed.`,
        navigateTo: AT,
      });
      return;
    }
    const why =
      p.reason === 'other_offer_accepted'
        ? `The seller accepted another buyer’s offer for "${p.listingTitle}"`
        : `Another buyer is buying "${p.listingTitle}"`;
    await this.parties.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'offer',
      title: 'Offer closed',
      message: `${why}, so your offer was closed. If that sale falls through, the listing comes back and you can make a new offer.`,
      navigateTo: AT,
    });
  }

  /** The accepted offer's order is still unpaid half-way through its window (ADR 0037). */
  async payReminder(
    tx: EntityManager,
    event: EventOf<'orders.offer.pay_reminder.v1'>,
  ): Promise<void> {
    const p = event.payload;
    await this.parties.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'offer',
      title: 'Pay for your accepted offer',
      message: `Pay ${formatCents(p.totalCents)} for "${p.listingTitle}" by ${when(p.payBy)}, or the order is cancelled and the item goes back on sale.`,
      navigateTo: AT,
      email: {
        template: 'offer_pay_reminder',
        render: (displayName) =>
          offerPayReminderEmail({
            displayName,
            title: p.listingTitle,
            totalCents: p.totalCents,
            payBy: p.payBy,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
  }
}
