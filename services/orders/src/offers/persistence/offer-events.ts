import { Injectable } from '@nestjs/common';
import { type EventPayloads } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { entityManagerOf, type Tx } from '@loadout/service-kit';
import { ORDERS_SCHEMA } from '../../orders.config';
import { type OfferChange } from '../domain/offer';
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
    const facts = {
      offerId: o.id,
      listingId: o.listingId,
      listingTitle: o.listingTitle,
      buyerId: o.buyerId,
      sellerId: o.sellerId,
      askingCents: o.askingCents,
      amountCents: o.amountCents,
      status: o.status,
      by: step.by,
      at: step.at.toISOString(),
      expiresAt: o.expiresAt.toISOString(),
    };
    const extra =
      step.kind === 'made' || step.kind === 'countered'
        ? { message: step.message }
        : step.kind === 'accepted'
          ? { orderId: o.orderId }
          : {};
    await this.outbox.append(
      entityManagerOf(tx),
      ORDERS_SCHEMA,
      {
        type,
        aggregateId: o.id,
        payload: { ...facts, ...extra } as EventPayloads[OfferTopic],
      },
      { actorId: meta.actorId, correlationId: meta.requestId },
    );
  }
}
