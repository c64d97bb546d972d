import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type LedgerCheckView } from '@loadout/contracts';
import { type LedgerEntry } from '../domain/ledger';
import { MONEY_HELD_STATES } from '../domain/order-state';

/**
 * The double-entry ledger (`ledger_entries` + `ledger_postings`). Entries are only ever
 * appended, inside the transaction of the order's state change.
 */
@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async post(tx: EntityManager, entry: LedgerEntry): Promise<void> {
    const [row] = (await tx.query(
      `INSERT INTO orders.ledger_entries (order_id, kind) VALUES ($1, $2) RETURNING id`,
      [entry.orderId, entry.kind],
    )) as { id: string }[];
    const values: string[] = [];
    const params: unknown[] = [row!.id, entry.orderId];
    for (const p of entry.postings) {
      params.push(p.account, p.amountCents);
      values.push(`($1, $2, $${params.length - 1}, $${params.length})`);
    }
    await tx.query(
      `INSERT INTO orders.ledger_postings (entry_id, order_id, account, amount_cents) VALUES ${values.join(', ')}`,
      params,
    );
  }

  /**
   * Proves the ledger: every order's postings sum to zero, and money held in escrow equals
   * the totals of orders that are paid but not released or refunded.
   */
  async check(): Promise<LedgerCheckView> {
    const unbalanced = (await this.dataSource.query(
      `SELECT order_id AS "orderId", sum(amount_cents)::bigint AS "sumCents"
         FROM orders.ledger_postings GROUP BY order_id HAVING sum(amount_cents) <> 0`,
    )) as { orderId: string; sumCents: string }[];
    const [held] = (await this.dataSource.query(
      `SELECT coalesce(sum(amount_cents), 0)::bigint AS cents
         FROM orders.ledger_postings WHERE account = 'escrow_held'`,
    )) as { cents: string }[];
    const [expected] = (await this.dataSource.query(
      `SELECT coalesce(sum(total_cents - refunded_cents), 0)::bigint AS cents
         FROM orders.orders WHERE status = ANY($1)`,
      [MONEY_HELD_STATES],
    )) as { cents: string }[];
    const heldCents = Number(held?.cents ?? 0);
    const expectedHeldCents = Number(expected?.cents ?? 0);
    return {
      ok: unbalanced.length === 0 && heldCents === expectedHeldCents,
      unbalancedOrders: unbalanced.map((u) => ({
        orderId: u.orderId,
        sumCents: Number(u.sumCents),
      })),
      heldCents,
      expectedHeldCents,
    };
  }
}
