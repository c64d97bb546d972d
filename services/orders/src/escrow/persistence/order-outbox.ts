import { Injectable } from '@nestjs/common';
import { type EventPayloads } from '@loadout/contracts';
import { OutboxWriter, type PreparedOutboxRows } from '@loadout/events';
import { sqlExecutorOf, type Tx } from '@loadout/service-kit';
import { ORDERS_SCHEMA } from '../../orders.config';
import { type Order, type OrderDomainEvent, type OrderTopic } from '../domain/order';
import { type ChangeMeta } from '../domain/order-repository.port';

/**
 * The one place orders events are built and appended to the outbox, inside the caller's
 * transaction: the state change and its event commit (or roll back) together.
 */
@Injectable()
export class OrderOutbox {
  constructor(private readonly outbox: OutboxWriter) {}

  async append(tx: Tx, order: Order, event: OrderDomainEvent, meta: ChangeMeta): Promise<void> {
    await this.outbox.append(sqlExecutorOf(tx), ORDERS_SCHEMA, ...this.eventOf(order, event, meta));
  }

  /**
   * The change's events as one part of the caller's statement (`OutboxWriter.prepareRows`: one
   * `INSERT`, rows in the order given), its parameters numbered from `firstParam`; the
   * statement must run in the transaction of the change.
   */
  prepare(
    order: Order,
    events: readonly OrderDomainEvent[],
    meta: ChangeMeta,
    firstParam: number,
  ): PreparedOutboxRows<OrderTopic> {
    return this.outbox.prepareRows(
      ORDERS_SCHEMA,
      events.map((event) => {
        const [e, m] = this.eventOf(order, event, meta);
        return { event: e, meta: m };
      }),
      firstParam,
    );
  }

  private eventOf(order: Order, event: OrderDomainEvent, meta: ChangeMeta) {
    return [
      {
        type: event.type,
        aggregateId: order.id,
        payload: { ...order.facts, ...event.extra } as EventPayloads[typeof event.type],
      },
      { actorId: meta.actorId, correlationId: meta.requestId },
    ] as const;
  }
}
