import { type OrderAmounts } from '@loadout/contracts';
import { FactsList } from '@loadout/ui';
import { FEE_LABEL, money } from '../shared/order-format';

/** The preview lives in `@loadout/web` (the offer dialog shows it too). */
export { previewAmounts } from '@loadout/web';

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
