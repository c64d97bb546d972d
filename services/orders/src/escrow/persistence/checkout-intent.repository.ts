import { Injectable } from '@nestjs/common';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { CheckoutIntentRepository } from '../domain/checkout-intent-repository.port';

@Injectable()
export class SqlCheckoutIntentRepository extends CheckoutIntentRepository {
  async record(tx: Tx, orderId: string, listingId: string, buyerId: string): Promise<void> {
    await sqlOf(tx)(
      `INSERT INTO orders.checkout_intents (order_id, listing_id, buyer_id) VALUES ($1, $2, $3)
       ON CONFLICT (order_id) DO NOTHING`,
      [orderId, listingId, buyerId],
    );
  }

  async openOf(tx: Tx, listingId: string, buyerId: string): Promise<string | null> {
    const rows = (await sqlOf(tx)(
      `SELECT i.order_id AS "orderId" FROM orders.checkout_intents i
        WHERE i.listing_id = $1 AND i.buyer_id = $2
          AND NOT EXISTS (SELECT 1 FROM orders.orders o WHERE o.id = i.order_id)
        ORDER BY i.created_at DESC LIMIT 1`,
      [listingId, buyerId],
    )) as { orderId: string }[];
    return rows[0]?.orderId ?? null;
  }

  async take(tx: Tx, orderId: string): Promise<boolean> {
    const rows = (await sqlOf(tx)(
      `DELETE FROM orders.checkout_intents WHERE order_id = $1 RETURNING order_id`,
      [orderId],
    )) as unknown[];
    return rows.length > 0;
  }

  async freshOrTake(tx: Tx, orderIds: string[], graceMs: number): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set();
    const db = sqlOf(tx);
    await db(
      `DELETE FROM orders.checkout_intents
        WHERE order_id = ANY($1::text[]) AND created_at < now() - ($2::int * interval '1 millisecond')`,
      [orderIds, graceMs],
    );
    const rows = (await db(
      `SELECT order_id AS "orderId" FROM orders.checkout_intents WHERE order_id = ANY($1::text[])`,
      [orderIds],
    )) as { orderId: string }[];
    return new Set(rows.map((r) => r.orderId));
  }
}
