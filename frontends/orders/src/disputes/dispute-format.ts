import { type DisputeOutcome, type DisputeStatus, type DisputeWanted } from '@loadout/contracts';
import { type BadgeTone } from '@loadout/ui';
import { disputeWantedText } from '@loadout/web';
import { money } from '../shared/order-format';

export const DISPUTE_STATUS: Record<DisputeStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Waiting for the seller', tone: 'warning' },
  responded: { label: 'Proposal made', tone: 'info' },
  awaiting_return: { label: 'Waiting for the return', tone: 'warning' },
  return_shipped: { label: 'Return on its way', tone: 'info' },
  escalated: { label: 'With the Loadout team', tone: 'accent' },
  resolved: { label: 'Resolved', tone: 'success' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
};

export const wantedText = (w: DisputeWanted): string => disputeWantedText(w, money);

export function outcomeText(o: DisputeOutcome): string {
  switch (o.kind) {
    case 'release':
      return 'The payment was released to the seller.';
    case 'full_refund':
      return `The buyer was refunded in full (${money(o.refundCents)}).`;
    case 'partial_refund':
      return `The buyer was refunded ${money(o.refundCents)}; the rest went to the seller.`;
  }
}

/** Euros typed by a person → cents (shared with the offer forms: `@loadout/web`). */
export { euroToCents } from '@loadout/web';
