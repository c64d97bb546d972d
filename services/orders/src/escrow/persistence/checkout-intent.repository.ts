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

  async resumeOrRecord(
    tx: Tx,
    listingId: string,
    buyerId: string,
    newOrderId: string,
  ): Promise<{ orderId: string; resumed: boolean }> {
    const [row] = (await sqlOf(tx)(
      `WITH open AS (
         SELECT i.order_id FROM orders.checkout_intents i
          WHERE i.listing_id = $2 AND i.buyer_id = $3
            AND NOT EXISTS (SELECT 1 FROM orders.orders o WHERE o.id = i.order_id)
          ORDER BY i.created_at DESC LIMIT 1),
       recorded AS (
         INSERT INTO orders.checkout_intents (order_id, listing_id, buyer_id)
         SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM open)
         ON CONFLICT (order_id) DO NOTHING)
       SELECT (SELECT order_id FROM open) AS "resumed"`,
      [newOrderId, listingId, buyerId],
    )) as { resumed: string | null }[];
    const resumed = row?.resumed ?? null;
    return resumed ? { orderId: resumed, resumed: true } : { orderId: newOrderId, resumed: false };
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
