import { Injectable } from '@nestjs/common';
import { type EventPayloads } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { sqlExecutorOf, type Tx } from '@loadout/service-kit';
import { ORDERS_SCHEMA } from '../../orders.config';
import { type Offer, type OfferChange } from '../domain/offer';
import { type OfferChangeMeta } from '../domain/offer-repository.port';

type OfferTopic = `orders.offer.${OfferChange['step']['kind']}.v1`;

/**
 * The one place `orders.offer.*` events are built and appended to the outbox, in the caller's
 * transaction. Each carries the offer as it stands after the step (never the buyer's address).
 */
@Injectable()
export class OfferEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async append(tx: Tx, { offer: o, step }: OfferChange, meta: OfferChangeMeta): Promise<void> {
    const type = `orders.offer.${step.kind}.v1` as OfferTopic;
    const facts = this.facts(o, step.by, step.at);
    const extra =
      step.kind === 'made' || step.kind === 'countered'
        ? { message: step.message }
        : step.kind === 'accepted'
          ? { orderId: o.orderId, payBy: meta.payBy?.toISOString() }
          : step.kind === 'closed'
            ? { reason: o.closedReason }
            : {};
    await this.outbox.append(
      sqlExecutorOf(tx),
      ORDERS_SCHEMA,
      {
        type,
        aggregateId: o.id,
        payload: { ...facts, ...extra } as EventPayloads[OfferTopic],
      },
      { actorId: meta.actorId, correlationId: meta.requestId },
    );
  }

  /** `orders.offer.pay_reminder.v1`: the accepted offer's order is still unpaid (ADR 0037). */
  async appendPayReminder(
    tx: Tx,
    o: Offer,
    r: { orderId: string; totalCents: number; payBy: Date; requestId: string },
  ): Promise<void> {
    await this.outbox.append(
      sqlExecutorOf(tx),
      ORDERS_SCHEMA,
      {
        type: 'orders.offer.pay_reminder.v1',
        aggregateId: o.id,
        payload: {
          ...this.facts(o, 'system', new Date()),
          orderId: r.orderId,
          totalCents: r.totalCents,
          payBy: r.payBy.toISOString(),
        },
      },
      { actorId: null, correlationId: r.requestId },
    );
  }

  private facts(o: Offer, by: OfferChange['step']['by'], at: Date) {
    return {
      offerId: o.id,
      listingId: o.listingId,
      listingTitle: o.listingTitle,
      buyerId: o.buyerId,
      sellerId: o.sellerId,
      askingCents: o.askingCents,
      amountCents: o.amountCents,
      status: o.status,
      by,
      at: at.toISOString(),
      expiresAt: o.expiresAt.toISOString(),
    };
  }
}
