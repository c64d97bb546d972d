import { Injectable } from '@nestjs/common';
import { type LedgerCheckView } from '@loadout/contracts';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { type LedgerEntry, type LedgerEntryKind } from '../domain/ledger';
import { type BookedTransfer, LedgerRepository } from '../domain/ledger-repository.port';
import { MONEY_HELD_STATES } from '../domain/order-state';
import { StatementParams } from './statement-params';

/**
 * One ledger entry as the parts of a data-modifying CTE named after `tag`: the entry (nothing
 * when its `ref` was booked already) and its postings, which exist only with it. `after` names
 * the part to book after (the previous entry's postings): sibling parts of one statement run
 * in no set order, and entry ids are the ledger's booking order. `when`, an SQL condition of
 * the caller's statement, books the entry only if it holds (a guarded save, ADR 0062).
 */
export function ledgerEntryParts(
  entry: LedgerEntry,
  p: StatementParams,
  tag: string,
  { after, when }: { after?: string; when?: string } = {},
): string[] {
  const orderId = p.add(entry.orderId, '::varchar');
  const rows = entry.postings.map(
    (posting) =>
      `(${p.add(posting.account, '::text')}, ${p.add(posting.amountCents, '::integer')})`,
  );
  return [
    `${tag}e AS (
       INSERT INTO orders.ledger_entries (order_id, kind, ref)
       SELECT ${orderId}, ${p.add(entry.kind, '::varchar')}, ${p.add(entry.ref ?? null, '::varchar')}
       ${after ? `FROM (SELECT count(*) FROM ${after}) AS booked_before` : ''}
       ${when ? `WHERE ${when}` : ''}
       ON CONFLICT (order_id, kind, ref) WHERE ref IS NOT NULL DO NOTHING RETURNING id)`,
    `${tag}p AS (
       INSERT INTO orders.ledger_postings (entry_id, order_id, account, amount_cents)
       SELECT ${tag}e.id, ${orderId}, v.account, v.amount
         FROM ${tag}e, (VALUES ${rows.join(', ')}) AS v(account, amount) RETURNING 1)`,
  ];
}

/** The double-entry ledger in `ledger_entries` + `ledger_postings`. */
@Injectable()
export class SqlLedgerRepository extends LedgerRepository {
  /**
   * The entry and all its postings in one statement. An entry with a `ref` is booked once: a
   * repeat inserts nothing (neither entry nor postings).
   */
  async post(tx: Tx, entry: LedgerEntry): Promise<void> {
    const params = new StatementParams();
    await sqlOf(tx)(
      `WITH ${ledgerEntryParts(entry, params, 'l').join(', ')} SELECT 1`,
      params.values,
    );
  }

  async transfersOf(tx: Tx, orderId: string): Promise<BookedTransfer[]> {
    const rows = (await sqlOf(tx)(
      `SELECT e.ref AS "transferId", p.amount_cents::int AS "amountCents",
              coalesce((SELECT sum(-rp.amount_cents)
                          FROM orders.ledger_entries r
                          JOIN orders.ledger_postings rp ON rp.entry_id = r.id
                         WHERE r.order_id = e.order_id AND r.kind = 'reversal'
                           AND rp.account = 'seller_paid'
                           AND split_part(r.ref, ':', 1) = e.ref), 0)::int AS "reversedCents"
         FROM orders.ledger_entries e
         JOIN orders.ledger_postings p ON p.entry_id = e.id AND p.account = 'seller_paid'
        WHERE e.order_id = $1 AND e.kind = 'transfer'
        ORDER BY e.id`,
      [orderId],
    )) as BookedTransfer[];
    return rows;
  }

  async reversedOf(tx: Tx, orderId: string, transferId: string): Promise<number> {
    const [row] = (await sqlOf(tx)(
      `SELECT coalesce(sum(-p.amount_cents), 0)::int AS cents
         FROM orders.ledger_entries r
         JOIN orders.ledger_postings p ON p.entry_id = r.id AND p.account = 'seller_paid'
        WHERE r.order_id = $1 AND r.kind = 'reversal' AND split_part(r.ref, ':', 1) = $2`,
      [orderId, transferId],
    )) as { cents: number }[];
    return row?.cents ?? 0;
  }

  async hasEntry(tx: Tx, orderId: string, kind: LedgerEntryKind, ref: string): Promise<boolean> {
    const rows = (await sqlOf(tx)(
      `SELECT 1 FROM orders.ledger_entries WHERE order_id = $1 AND kind = $2 AND ref = $3`,
      [orderId, kind, ref],
    )) as unknown[];
    return rows.length > 0;
  }

  async check(tx: Tx): Promise<LedgerCheckView> {
    const db = sqlOf(tx);
    const unbalanced = (await db(
      `SELECT order_id AS "orderId", sum(amount_cents)::bigint AS "sumCents"
         FROM orders.ledger_postings GROUP BY order_id HAVING sum(amount_cents) <> 0`,
    )) as { orderId: string; sumCents: string }[];
    const [held] = (await db(
      `SELECT coalesce(sum(amount_cents), 0)::bigint AS cents
         FROM orders.ledger_postings WHERE account = 'escrow_held'`,
    )) as { cents: string }[];
    // Held: what open orders hold, plus failed refunds back in escrow until their retry.
    const [expected] = (await db(
      `SELECT coalesce(sum(CASE WHEN status = ANY($1) THEN total_cents - refunded_cents ELSE 0 END
                           + refund_due_cents), 0)::bigint AS cents
         FROM orders.orders`,
      [MONEY_HELD_STATES],
    )) as { cents: string }[];
    // refund_pending is non-zero exactly for orders with a refund in flight, by that amount.
    const pending = (await db(
      `SELECT coalesce(l.order_id, o.id) AS "orderId", coalesce(l.cents, 0)::int AS "ledgerCents",
              coalesce(o.refund_pending_cents, 0)::int AS "inFlightCents"
         FROM (SELECT order_id, sum(amount_cents) AS cents FROM orders.ledger_postings
                WHERE account = 'refund_pending' GROUP BY order_id) l
         FULL JOIN (SELECT id, refund_pending_cents FROM orders.orders
                     WHERE refund_pending_cents <> 0) o ON o.id = l.order_id
        WHERE coalesce(l.cents, 0) <> coalesce(o.refund_pending_cents, 0)`,
    )) as { orderId: string; ledgerCents: number; inFlightCents: number }[];
    const heldCents = Number(held?.cents ?? 0);
    const expectedHeldCents = Number(expected?.cents ?? 0);
    return {
      ok: unbalanced.length === 0 && heldCents === expectedHeldCents && pending.length === 0,
      unbalancedOrders: unbalanced.map((u) => ({
        orderId: u.orderId,
        sumCents: Number(u.sumCents),
      })),
      heldCents,
      expectedHeldCents,
      refundPendingMismatches: pending,
    };
  }
}
