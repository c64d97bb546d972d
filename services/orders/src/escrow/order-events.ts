import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventPayloads } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { ORDERS_SCHEMA } from '../orders.config';
import { type OrderEntity } from './persistence/order.entity';
import { toOrderFacts } from './persistence/order.mapper';

export interface EventMetaInput {
  /** User who caused it; null for the worker and processor events. */
  actorId: string | null;
  requestId?: string;
}

type OrderTopic = Extract<keyof EventPayloads, `orders.order.${string}`>;
type Extra<T extends OrderTopic> = Omit<EventPayloads[T], keyof ReturnType<typeof toOrderFacts>>;

/**
 * The one place orders events are built and appended to the outbox, inside the caller's
 * transaction: the state change and its event commit (or roll back) together.
 */
@Injectable()
export class OrderEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async append<T extends OrderTopic>(
    tx: EntityManager,
    type: T,
    order: OrderEntity,
    extra: Extra<T>,
    meta: EventMetaInput,
  ): Promise<void> {
    await this.outbox.append(
      tx,
      ORDERS_SCHEMA,
      {
        type,
        aggregateId: order.id,
        payload: { ...toOrderFacts(order), ...extra } as unknown as EventPayloads[T],
      },
      { actorId: meta.actorId, correlationId: meta.requestId },
    );
  }
}
