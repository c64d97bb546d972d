import { type OrderActor, type OrderStatus, type OrderView } from '@loadout/contracts';
import { type BadgeTone } from '@loadout/ui';
import { formatListingPrice, lazy } from '@loadout/web';

/** Shown wherever the simulated processor takes the payment (domain.md "Payments"). */
export const TEST_MODE_TEXT = 'Test mode — no real money moves';

/** The fee line's label (domain.md "Money"): its own line at checkout. */
export const FEE_LABEL = 'Escrow protection fee (2.5%)';

export const ORDER_STATUS: Record<OrderStatus, { label: string; tone: BadgeTone }> = {
  pending_payment: { label: 'Awaiting payment', tone: 'warning' },
  paid: { label: 'Paid — money held', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'accent' },
  completed: { label: 'Completed', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  partially_refunded: { label: 'Partly refunded', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
  disputed: { label: 'Disputed', tone: 'danger' },
};

const ACTOR: Record<OrderActor, string> = {
  buyer: 'buyer',
  seller: 'seller',
  system: 'Loadout',
  admin: 'Loadout staff',
};

/** What a timeline entry says: "Paid", "Shipped by the seller", "Cancelled by Loadout". */
export function timelineText(status: OrderStatus, actor: OrderActor): string {
  switch (status) {
    case 'pending_payment':
      return 'Order placed';
    case 'paid':
      return 'Payment received, money held in escrow';
    case 'shipped':
      return 'Marked as shipped by the seller';
    case 'completed':
      return actor === 'buyer'
        ? 'Delivery confirmed by the buyer, money released to the seller'
        : 'Money released to the seller automatically';
    case 'cancelled':
      return `Cancelled by the ${ACTOR[actor]}, full refund`;
    case 'refunded':
      return 'Refunded to the buyer';
    case 'partially_refunded':
      return 'Partly refunded to the buyer';
    case 'expired':
      return 'Expired: the payment was never made';
    case 'disputed':
      return 'Dispute opened';
  }
}

const dateTime = lazy(
  () =>
    new Intl.DateTimeFormat('en-IE', {
      timeZone: 'Europe/Dublin',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** "Mon 30 Nov 2026, 18:20" in Irish time. */
export function formatDateTime(iso: string): string {
  return dateTime().format(new Date(iso));
}

/** Amounts always with 2 decimals ("€6.63"), so the lines of a breakdown line up. */
export const money = (cents: number) => formatListingPrice(cents);

/** "Tracked post (An Post, 123…)" / "Collection in person". */
export function deliveryText(order: Pick<OrderView, 'delivery'>): string {
  return order.delivery === 'post' ? 'Tracked post' : 'Collection in person';
}

/** Whether an order still holds the buyer's money (paid or shipped, not yet released). */
export const holdsMoney = (status: OrderStatus) => status === 'paid' || status === 'shipped';
