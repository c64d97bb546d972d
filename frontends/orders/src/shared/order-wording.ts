import { type OrderView } from '@loadout/contracts';
import { money } from './order-format';

export type OrderViewer = 'buyer' | 'seller';

/**
 * The money line of an order card, true in every state for each party (issue 25 item 2):
 * "You paid" only once a payment happened, "Refunded" only when money went back. A cancelled
 * order was paid when it has `paidAt` (cancelled before shipping: full refund incl. fee);
 * without it the checkout was abandoned. The table in the README lists every row.
 */
export function describeOrderForViewer(
  order: Pick<OrderView, 'status' | 'paidAt' | 'amounts'> & {
    settlement?: OrderView['settlement'];
  },
  viewer: OrderViewer,
): string {
  const total = money(order.amounts.totalCents);
  const earns = money(order.amounts.sellerReceivesCents);
  const buyer = viewer === 'buyer';
  switch (order.status) {
    case 'pending_payment':
      return buyer ? `To pay ${total}` : `Not paid yet: you would receive ${earns}`;
    case 'paid':
      return buyer ? `You paid ${total}` : `Paid: ${earns} held for you until delivery`;
    case 'shipped':
      return buyer ? `You paid ${total}` : `${earns} held for you until delivery is confirmed`;
    case 'disputed':
      return buyer
        ? `You paid ${total}: held during the dispute`
        : `${earns} held during the dispute`;
    case 'completed':
      if (order.settlement) return settled(order.settlement, total, buyer);
      return buyer ? `You paid ${total}` : `You earned ${earns}`;
    case 'cancelled':
      if (!order.paidAt) return 'Not paid';
      return buyer ? `Refunded ${total}` : `Not sold: the buyer was refunded`;
    case 'refunded':
      return buyer ? `Refunded ${total}` : 'Not sold: the buyer was refunded';
    case 'partially_refunded': {
      const s = order.settlement;
      if (!s)
        return buyer
          ? `You paid ${total}, partly refunded`
          : 'Partly refunded to the buyer (see the dispute)';
      return settled(s, total, buyer);
    }
    case 'expired':
      return 'Not paid';
  }
}

/** A dispute settled by a partial refund: both amounts, to the cent (ADR 0037). */
function settled(s: NonNullable<OrderView['settlement']>, total: string, buyer: boolean): string {
  const back = money(s.refundedCents);
  return buyer
    ? `You paid ${total}: ${back} refunded to you`
    : `You earned ${money(s.sellerNetCents)} (${back} refunded to the buyer)`;
}
