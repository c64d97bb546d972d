/**
 * Events of one order (or listing) travel on several topics, so they may arrive out of order
 * (Kafka orders per topic partition only). Each state has a rank; the read model keeps the
 * furthest one, so a late `paid` never undoes `shipped`.
 */
export const ORDER_RANK = {
  pending_payment: 1,
  paid: 2,
  shipped: 3,
  partially_refunded: 4,
  completed: 5,
  cancelled: 5,
  refunded: 5,
  expired: 5,
} as const;
export type OrderState = keyof typeof ORDER_RANK;

export const LISTING_RANK = {
  active: 1,
  reserved: 2,
  sold: 3,
  removed: 3,
} as const;
export type ListingState = keyof typeof LISTING_RANK;

/**
 * A released listing is active again: the one backwards move, ranked like a fresh
 * reservation's successor so a later reservation (rank 2) still wins over it.
 */
export const RELEASED_RANK = 2;

/** Goods value of an order (GMV counts item and postage; the fee is the platform's). */
export const goodsCents = (o: { itemCents: number; postageCents: number }) =>
  o.itemCents + o.postageCents;
