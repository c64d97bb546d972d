import { type OrderAmounts } from '@loadout/contracts';
import { FactsList } from '@loadout/ui';
import { FEE_LABEL, money } from '../shared/order-format';

/**
 * A preview of the order's amounts before the order exists (the service's amounts replace it
 * as soon as it does): fee = 2.5 % of item + postage, half-up to the cent, in integer cents.
 */
export function previewAmounts(itemCents: number, postageCents: number): OrderAmounts {
  const subtotal = itemCents + postageCents;
  const feeCents = Math.floor((subtotal * 25 + 500) / 1000);
  return {
    itemCents,
    postageCents,
    feeCents,
    totalCents: subtotal + feeCents,
    sellerReceivesCents: subtotal,
  };
}

export interface PriceBreakdownProps {
  amounts: OrderAmounts;
  delivery: 'post' | 'collection' | null;
}

/** Item, postage, the escrow fee on its own line, and the total the buyer pays. */
export function PriceBreakdown({ amounts, delivery }: PriceBreakdownProps) {
  return (
    <FactsList
      aria-label="Price breakdown"
      layout="table"
      className="or-breakdown"
      facts={[
        { term: 'Item', value: money(amounts.itemCents) },
        delivery === 'post' && { term: 'Tracked post', value: money(amounts.postageCents) },
        delivery === 'collection' && { term: 'Collection in person', value: money(0) },
        { term: FEE_LABEL, value: money(amounts.feeCents) },
        { term: 'Total', value: money(amounts.totalCents), strong: true },
      ]}
    />
  );
}
