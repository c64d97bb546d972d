import { Injectable } from '@nestjs/common';
import { type LedgerPostingView } from '@loadout/contracts';
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor, isId } from '@loadout/db';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { type Dispute } from '../../disputes/domain/dispute';
import { ACTIVE_DISPUTE_STATES } from '../../disputes/domain/dispute-state';
import { type DisputeRow, toDispute } from '../../disputes/persistence/dispute.repository';
import {
  type DisputeQueueFilter,
  OrdersAdminReadRepository,
} from '../domain/orders-admin-read.port';

/** Plain SQL reads of `disputes`, `ledger_entries` and `ledger_postings` for the admin area. */
@Injectable()
export class SqlOrdersAdminReadRepository extends OrdersAdminReadRepository {
  async disputeQueue(
    tx: Tx,
    filter: DisputeQueueFilter,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: Dispute[]; nextCursor: string | null }> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.status) {
      params.push(filter.status);
      where.push(`status = $${params.length}`);
    } else {
      // Needs an admin: escalated (contested, or a deadline passed) and chargebacks still open.
      params.push([...ACTIVE_DISPUTE_STATES]);
      where.push(
        `(status = 'escalated' OR (origin = 'chargeback' AND status = ANY($${params.length})))`,
      );
    }
    if (filter.origin) {
      params.push(filter.origin);
      where.push(`origin = $${params.length}`);
    }
    if (cursor) {
      const [at, id] = decodeCursor(cursor, 2);
      params.push(cursorTimestamp(at), cursorId(id));
      where.push(`(opened_at, id) > ($${params.length - 1}::timestamptz, $${params.length})`);
    }
    params.push(limit + 1);
    const rows = (await sqlOf(tx)(
      `SELECT * FROM orders.disputes WHERE ${where.join(' AND ')}
        ORDER BY opened_at, id LIMIT $${params.length}`,
      params,
    )) as DisputeRow[];
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toDispute),
      nextCursor:
        rows.length > limit && last ? encodeCursor([last.opened_at.toISOString(), last.id]) : null,
    };
  }

  async ledgerOf(tx: Tx, orderId: string): Promise<LedgerPostingView[] | null> {
    if (!isId(orderId)) return null;
    const db = sqlOf(tx);
    const [order] = (await db(`SELECT 1 FROM orders.orders WHERE id = $1`, [orderId])) as unknown[];
    if (!order) return null;
    const rows = (await db(
      `SELECT e.id::text AS "entryId", e.kind, p.account, p.amount_cents::int AS "amountCents",
              e.created_at AS at
         FROM orders.ledger_postings p JOIN orders.ledger_entries e ON e.id = p.entry_id
        WHERE p.order_id = $1 ORDER BY p.id`,
      [orderId],
    )) as (Omit<LedgerPostingView, 'at'> & { at: Date })[];
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }
}
