import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * ADR 0036 books a transfer (`seller_payable → seller_paid`) when it is made; orders transferred
 * before it have none, so `seller_payable` still shows money paid out (ADR 0042 §4). This books
 * one for every done `transfer_to_seller` job whose order has no `transfer` entry, once (the
 * entry's `ref` is unique per order and kind; the order must have none, so a rerun books
 * nothing).
 *
 * - Not for jobs that transferred nothing: closed as obsolete, discarded by an admin, or a
 *   share withheld after a lost chargeback (the order has a `withheld` entry).
 * - The amount: the job's (a partial refund's reduced share) or the seller's share, never more
 *   than the order's `seller_payable`.
 * - The `ref` is the transfer's id where it can be known: the simulated processor's id is
 *   derived from the key `order:<id>:release` (as `SimulatedPaymentProvider` does). Stripe's
 *   was not stored: `pre-0036-<job id>`, so a later reversal of it is booked by Stripe's
 *   `transfer.reversed` (which names the real id) and a `reverse_transfer` job cannot make it
 *   (it parks for an admin).
 */
export class TransferBackfill1780000000100 implements MigrationInterface {
  name = 'TransferBackfill1780000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      WITH todo AS (
        SELECT DISTINCT ON (j.order_id) j.order_id, j.id AS job_id,
               least(coalesce((j.payload->>'amountCents')::int, o.seller_receives_cents),
                     (SELECT coalesce(sum(p.amount_cents), 0) FROM "orders"."ledger_postings" p
                       WHERE p.order_id = j.order_id AND p.account = 'seller_payable'))::int AS cents,
               CASE WHEN o.payment_id LIKE 'sim\\_%'
                    THEN 'sim_tr_' || left(translate(encode(sha256(convert_to(
                           'order:' || o.id || ':release', 'UTF8')), 'base64'), '+/=', '-_'), 24)
                    ELSE 'pre-0036-' || j.id END AS ref
          FROM "orders"."jobs" j JOIN "orders"."orders" o ON o.id = j.order_id
         WHERE j.kind = 'transfer_to_seller' AND j.done_at IS NOT NULL AND j.parked_at IS NULL
           AND coalesce(j.last_error, '') <> 'obsolete'
           AND coalesce(j.last_error, '') NOT LIKE 'discarded by an admin%'
           AND NOT EXISTS (SELECT 1 FROM "orders"."ledger_entries" e
                            WHERE e.order_id = j.order_id AND e.kind IN ('transfer', 'withheld'))
         ORDER BY j.order_id, j.id
      ),
      entries AS (
        INSERT INTO "orders"."ledger_entries" (order_id, kind, ref)
        SELECT order_id, 'transfer', ref FROM todo WHERE cents > 0
        ON CONFLICT (order_id, kind, ref) WHERE ref IS NOT NULL DO NOTHING
        RETURNING id, order_id
      )
      INSERT INTO "orders"."ledger_postings" (entry_id, order_id, account, amount_cents)
      SELECT e.id, e.order_id, v.account, v.sign * t.cents
        FROM entries e JOIN todo t ON t.order_id = e.order_id,
             (VALUES ('seller_payable', -1), ('seller_paid', 1)) AS v(account, sign)`);
  }

  /** The backfilled bookings stay: they record transfers that were made. */
  async down(): Promise<void> {}
}
