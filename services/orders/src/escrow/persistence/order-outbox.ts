import { Injectable } from '@nestjs/common';
import { type EventPayloads } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { sqlExecutorOf, type Tx } from '@loadout/service-kit';
import { ORDERS_SCHEMA } from '../../orders.config';
import { type Order, type OrderDomainEvent } from '../domain/order';
import { type ChangeMeta } from '../domain/order-repository.port';

/**
 * The one place orders events are built and appended to the outbox, inside the caller's
 * transaction: the state change and its event commit (or roll back) together.
 */
@Injectable()
export class OrderOutbox {
  constructor(private readonly outbox: OutboxWriter) {}

  async append(tx: Tx, order: Order, event: OrderDomainEvent, meta: ChangeMeta): Promise<void> {
    await this.outbox.append(
      sqlExecutorOf(tx),
      ORDERS_SCHEMA,
      {
        type: event.type,
        aggregateId: order.id,
        payload: { ...order.facts, ...event.extra } as EventPayloads[typeof event.type],
      },
      { actorId: meta.actorId, correlationId: meta.requestId },
    );
  }
}
