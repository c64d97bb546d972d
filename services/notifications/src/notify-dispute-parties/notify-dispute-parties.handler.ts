import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import {
  disputeOpenedEmail,
  disputeRespondedEmail,
  disputeResolvedEmail,
} from '../emails/templates/dispute-emails';
import { formatCents } from '../emails/templates/order-emails';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { PartyNotifier } from '../notify-order-parties/party-notifier';

const AT = '/disputes';

/**
 * Tells the parties of a dispute what happened (type `dispute`): in-app to both, email to the
 * party who must act (the seller when it opens, the buyer when the seller answers) and to both
 * when money moved. A card chargeback is a case between Loadout and the card network: its
 * events tell no party.
 */
@Injectable()
export class NotifyDisputePartiesHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly parties: PartyNotifier,
  ) {}

  async opened(tx: EntityManager, event: EventOf<'orders.dispute.opened.v1'>): Promise<void> {
    const p = event.payload;
    if (p.origin !== 'buyer') return;
    await this.parties.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'dispute',
      title: 'A buyer opened a dispute',
      message: `The buyer of "${p.listingTitle}" opened a dispute. Respond within 3 days; the payment stays in escrow.`,
      navigateTo: AT,
      email: {
        template: 'dispute_opened',
        render: (displayName) =>
          disputeOpenedEmail({
            displayName,
            title: p.listingTitle,
            respondBy: p.respondBy,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
    await this.parties.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'dispute',
      title: 'Your dispute is open',
      message: `Your dispute about "${p.listingTitle}" is open. The seller has 3 days to respond; the payment is held meanwhile.`,
      navigateTo: AT,
    });
  }

  async responded(tx: EntityManager, event: EventOf<'orders.dispute.responded.v1'>): Promise<void> {
    const p = event.payload;
    if (p.origin !== 'buyer') return;
    const what =
      p.response === 'accept'
        ? 'accepted your request'
        : p.response === 'propose_partial'
          ? `proposes a refund of ${formatCents(p.proposedCents ?? 0)}`
          : 'contests the dispute';
    await this.parties.notify(tx, event.id, {
      userId: p.buyerId,
      type: 'dispute',
      title: 'The seller responded',
      message: `The seller of "${p.listingTitle}" ${what}.`,
      navigateTo: AT,
      email: {
        template: 'dispute_responded',
        render: (displayName) =>
          disputeRespondedEmail({
            displayName,
            title: p.listingTitle,
            response: p.response,
            proposedCents: p.proposedCents,
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
  }

  async escalated(tx: EntityManager, event: EventOf<'orders.dispute.escalated.v1'>): Promise<void> {
    const p = event.payload;
    if (p.origin !== 'buyer') return;
    for (const userId of [p.buyerId, p.sellerId])
      await this.parties.notify(tx, event.id, {
        userId,
        type: 'dispute',
        title: 'The Loadout team will decide',
        message: `The dispute about "${p.listingTitle}" went to the Loadout team, who will decide how the payment is settled.`,
        navigateTo: AT,
      });
  }

  async resolved(tx: EntityManager, event: EventOf<'orders.dispute.resolved.v1'>): Promise<void> {
    const p = event.payload;
    if (p.origin !== 'buyer') return;
    const money =
      p.outcome === 'release'
        ? 'the payment is released to the seller'
        : p.outcome === 'full_refund'
          ? `the buyer is refunded in full (${formatCents(p.refundCents)})`
          : `the buyer is refunded ${formatCents(p.refundCents)}, the rest goes to the seller`;
    for (const userId of [p.buyerId, p.sellerId])
      await this.parties.notify(tx, event.id, {
        userId,
        type: 'dispute',
        title: 'Dispute settled',
        message: `The dispute about "${p.listingTitle}" is settled: ${money}.`,
        navigateTo: AT,
        email: {
          template: 'dispute_resolved',
          render: (displayName) =>
            disputeResolvedEmail({
              displayName,
              title: p.listingTitle,
              outcome: p.outcome,
              refundCents: p.refundCents,
              statement: p.statement,
              publicUrl: this.config.PUBLIC_URL,
            }),
        },
      });
  }

  async withdrawn(tx: EntityManager, event: EventOf<'orders.dispute.withdrawn.v1'>): Promise<void> {
    const p = event.payload;
    if (p.origin !== 'buyer') return;
    await this.parties.notify(tx, event.id, {
      userId: p.sellerId,
      type: 'dispute',
      title: 'Dispute withdrawn',
      message: `The buyer withdrew the dispute about "${p.listingTitle}". The order goes on as before.`,
      navigateTo: AT,
    });
  }
}
