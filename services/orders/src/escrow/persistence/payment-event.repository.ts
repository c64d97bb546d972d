import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type PaymentEvent, type PaymentEventSink } from '../../payments/payment-provider.port';

export interface ClaimedPaymentEvent {
  id: string;
  event: PaymentEvent;
  attempts: number;
}

/**
 * The `payment_events` inbox: both adapters record processor events here (unique per
 * provider + event id, so a redelivered webhook is dropped); the worker applies them.
 */
@Injectable()
export class PaymentEventRepository implements PaymentEventSink {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  record(event: PaymentEvent, options: { availableAt?: Date } = {}): Promise<boolean> {
    return this.insert(this.dataSource.manager, event, options);
  }

  /** Records a processor event in the caller's transaction (the simulated processor's answer). */
  recordIn(
    tx: EntityManager,
    event: PaymentEvent,
    options: { availableAt?: Date } = {},
  ): Promise<boolean> {
    return this.insert(tx, event, options);
  }

  private async insert(
    executor: EntityManager,
    event: PaymentEvent,
    options: { availableAt?: Date },
  ): Promise<boolean> {
    const rows = (await executor.query(
      `INSERT INTO orders.payment_events (provider, event_id, type, order_id, event, available_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT ON CONSTRAINT payment_events_once DO NOTHING RETURNING id`,
      [
        event.provider,
        event.eventId,
        event.type,
        event.orderId,
        JSON.stringify(event),
        options.availableAt ?? new Date(),
      ],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * The oldest due unprocessed event, locked and already marked processed in the caller's
   * transaction (one statement): the transaction applies it and commits both, or rolls both
   * back (then the worker postpones it in a second one). `attempts` is the count before.
   */
  async claimDue(tx: EntityManager, now: Date = new Date()): Promise<ClaimedPaymentEvent | null> {
    // TypeORM answers a Postgres UPDATE … RETURNING with [rows, affected].
    const [rows] = (await tx.query(
      `UPDATE orders.payment_events SET processed_at = now(), attempts = attempts + 1
        WHERE id = (SELECT id FROM orders.payment_events
                     WHERE processed_at IS NULL AND available_at <= $1
                     ORDER BY available_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, event, attempts - 1 AS attempts`,
      [now],
    )) as [ClaimedPaymentEvent[], number];
    return rows[0] ?? null;
  }

  /** Gives up on a row that kept failing: it stays, with its last error, for an admin to see. */
  async park(tx: EntityManager, id: string, error: string): Promise<void> {
    await tx.query(
      `UPDATE orders.payment_events SET attempts = attempts + 1, processed_at = now(),
              last_error = $2 WHERE id = $1`,
      [id, `gave up: ${error}`.slice(0, 500)],
    );
  }

  async retryLater(tx: EntityManager, id: string, error: string, delayMs: number): Promise<void> {
    await tx.query(
      `UPDATE orders.payment_events SET attempts = attempts + 1, last_error = $2,
              available_at = now() + ($3::int * interval '1 millisecond')
        WHERE id = $1`,
      [id, error.slice(0, 500), delayMs],
    );
  }
}
