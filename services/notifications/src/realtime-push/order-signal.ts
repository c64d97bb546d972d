import { type EntityManager } from 'typeorm';

/** PostgreSQL channel of order changes: delivered on commit only, like the notifications one. */
export const ORDERS_CHANGED_CHANNEL = 'loadout_orders_changed';

/** The parties of an order, as every orders event carries them. */
export interface OrderParties {
  orderId: string;
  buyerId: string;
  sellerId: string;
}

/**
 * Marks, inside the consumer's transaction, that an order changed. After the commit
 * `RealtimePushListener` pushes `orders.changed { orderId }` to its buyer and seller only.
 */
export async function signalOrderChanged(tx: EntityManager, order: OrderParties): Promise<void> {
  const payload = JSON.stringify({
    orderId: order.orderId,
    userIds: [...new Set([order.buyerId, order.sellerId])],
  });
  await tx.query(`SELECT pg_notify($1, $2)`, [ORDERS_CHANGED_CHANNEL, payload]);
}

/** The signal's payload, or null when it is not one (a stray NOTIFY on the channel). */
export function parseOrderSignal(raw: string): { orderId: string; userIds: string[] } | null {
  try {
    const v = JSON.parse(raw) as { orderId?: unknown; userIds?: unknown };
    if (typeof v.orderId !== 'string' || !Array.isArray(v.userIds)) return null;
    const userIds = v.userIds.filter((u): u is string => typeof u === 'string');
    return userIds.length > 0 ? { orderId: v.orderId, userIds } : null;
  } catch {
    return null;
  }
}
