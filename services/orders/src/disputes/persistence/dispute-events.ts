import { Injectable } from '@nestjs/common';
import { type EventPayloads } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { sqlExecutorOf, type Tx } from '@loadout/service-kit';
import { type Order } from '../../escrow/domain/order';
import { type ChangeMeta } from '../../escrow/domain/order-repository.port';
import { ORDERS_SCHEMA } from '../../orders.config';
import { type Dispute, type DisputeDomainEvent } from '../domain/dispute';

/**
 * The one place `orders.dispute.*` events are built and appended to the outbox, in the
 * caller's transaction. Each carries the order's facts and the dispute's.
 */
@Injectable()
export class DisputeEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async append(
    tx: Tx,
    dispute: Dispute,
    order: Order,
    event: DisputeDomainEvent,
    meta: ChangeMeta,
  ): Promise<void> {
    const d = dispute.props;
    await this.outbox.append(
      sqlExecutorOf(tx),
      ORDERS_SCHEMA,
      {
        type: event.type,
        aggregateId: d.id,
        payload: {
          ...order.facts,
          disputeId: d.id,
          origin: d.origin,
          reason: d.reason,
          ...event.extra,
        } as EventPayloads[typeof event.type],
      },
      { actorId: meta.actorId, correlationId: meta.requestId },
    );
  }
}
