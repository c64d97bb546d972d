import { Injectable } from '@nestjs/common';
import { type EventPayloads } from '@loadout/contracts';
import { OutboxWriter, type PreparedOutboxRows } from '@loadout/events';
import { ORDERS_SCHEMA } from '../../orders.config';
import { type Order, type OrderDomainEvent, type OrderTopic } from '../domain/order';
import { type ChangeMeta } from '../domain/order-repository.port';

/**
 * The one place orders events are built for the outbox: as a part of the statement that saves
 * the order's change (`SqlOrderRepository.save`), so the change and its events commit (or roll
 * back) together.
 */
@Injectable()
export class OrderOutbox {
  constructor(private readonly outbox: OutboxWriter) {}

  /**
   * The change's events as one part of the caller's statement (`OutboxWriter.prepareRows`: one
   * `INSERT`, rows in the order given), its parameters numbered from `firstParam`; the
   * statement must run in the transaction of the change. `when` (an SQL condition of the
   * caller's statement) writes the rows only if it holds (a guarded save, ADR 0062).
   */
  prepare(
    order: Order,
    events: readonly OrderDomainEvent[],
    meta: ChangeMeta,
    firstParam: number,
    when?: string,
  ): PreparedOutboxRows<OrderTopic> {
    return this.outbox.prepareRows(
      ORDERS_SCHEMA,
      events.map((event) => ({
        event: {
          type: event.type,
          aggregateId: order.id,
          payload: { ...order.facts, ...event.extra } as EventPayloads[typeof event.type],
        },
        meta: { actorId: meta.actorId, correlationId: meta.requestId },
      })),
      firstParam,
      when,
    );
  }
}
