import { type DisputeReason, type DisputeWanted } from '@loadout/contracts';

/** A dispute's reason as people read it (the buyer's form, the order page, the admin queue). */
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_received: 'Item not received',
  not_as_described: 'Not as described',
  damaged: 'Arrived damaged',
  counterfeit_or_illegal: 'Counterfeit or illegal',
  other: 'Something else',
};

/** What the buyer asked for, the amount in the caller's price format. */
export function disputeWantedText(w: DisputeWanted, price: (cents: number) => string): string {
  switch (w.kind) {
    case 'full_refund':
      return 'A full refund';
    case 'partial_refund':
      return `A partial refund of ${price(w.amountCents ?? 0)}`;
    case 'return_and_refund':
      return 'Return the item for a refund';
  }
}
