import { Injectable } from '@nestjs/common';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { type PaymentEvent, type ReportedPaymentEvent } from '../../payments/payment-provider.port';
import { StatementParams } from './statement-params';
import {
  PaymentEventRepository,
  type ClaimedPaymentEvent,
  type ParkedPaymentEvent,
} from '../domain/payment-event-repository.port';

/** Events the worker may take now ($1: now): not applied, not parked, available. */
export const EVENTS_DUE = `processed_at IS NULL AND parked_at IS NULL AND available_at <= $1`;

/**
 * The `INSERT` of processor events into the inbox (a redelivery, same provider and event id, is
 * dropped), its values numbered by `p`. With `when`, an SQL condition of the caller's statement,
 * the rows are inserted only if it holds (a part of a guarded save, ADR 0065).
 */
export function paymentEventsInsert(
  events: readonly ReportedPaymentEvent[],
  p: StatementParams,
  when?: string,
): string {
  const rows = events.map(
    ({ event, availableAt }) =>
      `(${p.add(event.provider, '::varchar')}, ${p.add(event.eventId, '::varchar')}, ${p.add(event.type, '::varchar')},
        ${p.add(event.orderId, '::varchar')}, ${p.add(JSON.stringify(event), '::jsonb')}, ${p.add(availableAt, '::timestamptz')})`,
  );
  const values = `VALUES ${rows.join(', ')}`;
  return `INSERT INTO orders.payment_events (provider, event_id, type, order_id, event, available_at)
    ${when ? `SELECT * FROM (${values}) AS v WHERE ${when}` : values}
    ON CONFLICT ON CONSTRAINT payment_events_once DO NOTHING`;
}

/** The `payment_events` inbox: unique per provider + event id, so a redelivery is dropped. */
@Injectable()
export class SqlPaymentEventRepository extends PaymentEventRepository {
  async record(
    tx: Tx,
    event: PaymentEvent,
    options: { availableAt?: Date } = {},
  ): Promise<boolean> {
    const p = new StatementParams();
    const insert = paymentEventsInsert(
      [{ event, availableAt: options.availableAt ?? new Date() }],
      p,
    );
    const rows = (await sqlOf(tx)(`${insert} RETURNING id`, p.values)) as unknown[];
    return rows.length > 0;
  }

  async claimDue(tx: Tx, now: Date = new Date()): Promise<ClaimedPaymentEvent | null> {
    const rows = (await sqlOf(tx)(
      `UPDATE orders.payment_events SET processed_at = now(), attempts = attempts + 1
        WHERE id = (SELECT id FROM orders.payment_events
                     WHERE ${EVENTS_DUE}
                     ORDER BY available_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, event, attempts - 1 AS attempts`,
      [now],
    )) as ClaimedPaymentEvent[];
    return rows[0] ?? null;
  }

  async park(tx: Tx, id: string, error: string): Promise<void> {
    // claimDue marked it processed in this transaction: parked instead.
    await sqlOf(tx)(
      `UPDATE orders.payment_events SET attempts = attempts + 1, processed_at = NULL,
              parked_at = now(), last_error = $2 WHERE id = $1`,
      [id, `gave up: ${error}`.slice(0, 500)],
    );
  }

  async listParked(tx: Tx, limit: number): Promise<ParkedPaymentEvent[]> {
    return (await sqlOf(tx)(
      `SELECT id::text, order_id AS "orderId", type, attempts, last_error AS "lastError",
              parked_at AS "parkedAt", created_at AS "createdAt"
         FROM orders.payment_events WHERE parked_at IS NOT NULL
        ORDER BY parked_at, id LIMIT $1`,
      [limit],
    )) as ParkedPaymentEvent[];
  }

  async countParked(tx: Tx): Promise<number> {
    const [row] = (await sqlOf(tx)(
      `SELECT count(*)::int AS n FROM orders.payment_events WHERE parked_at IS NOT NULL`,
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  async retryParked(tx: Tx, id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const changed = (await sqlOf(tx)(
      `UPDATE orders.payment_events SET parked_at = NULL, processed_at = NULL, attempts = 0,
              available_at = now()
        WHERE id = $1 AND parked_at IS NOT NULL
        RETURNING 1`,
      [id],
    )) as unknown[];
    return changed.length > 0;
  }

  async discardParked(tx: Tx, id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const changed = (await sqlOf(tx)(
      `UPDATE orders.payment_events SET parked_at = NULL, processed_at = now(),
              last_error = left('discarded by an admin; ' || coalesce(last_error, ''), 500)
        WHERE id = $1 AND parked_at IS NOT NULL
        RETURNING 1`,
      [id],
    )) as unknown[];
    return changed.length > 0;
  }

  async retryLater(tx: Tx, id: string, error: string, delayMs: number): Promise<void> {
    await sqlOf(tx)(
      `UPDATE orders.payment_events SET attempts = attempts + 1, last_error = $2,
              available_at = now() + ($3::int * interval '1 millisecond')
        WHERE id = $1`,
      [id, error.slice(0, 500), delayMs],
    );
  }
}
