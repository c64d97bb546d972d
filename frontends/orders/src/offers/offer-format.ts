import {
  type OfferClosedReason,
  type OfferStatus,
  type OfferStepView,
  type OfferView,
} from '@loadout/contracts';
import { type BadgeTone } from '@loadout/ui';
import { money } from '../shared/order-format';

export const OFFER_STATUS: Record<OfferStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Waiting for the seller', tone: 'warning' },
  countered: { label: 'Counter-offer', tone: 'info' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'neutral' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/** Why an offer was closed, from the viewer's side (ADR 0037). */
export function closedText(reason: OfferClosedReason | null, role: 'buyer' | 'seller'): string {
  switch (reason) {
    case 'other_offer_accepted':
      return role === 'buyer'
        ? 'the seller accepted another buyer’s offer'
        : 'you accepted another buyer’s offer';
    case 'reserved_by_checkout':
      return 'another buyer is buying it';
    case 'buyer_checked_out':
      return role === 'buyer'
        ? 'you bought it at the asking price'
        : 'the buyer bought it at the asking price';
    case 'listing_removed':
      return role === 'buyer' ? 'the listing was taken off sale' : 'the listing was removed';
    case null:
      return 'the item was reserved';
  }
}

/** The status from the viewer's side: whose turn it is, said as "you" when it is theirs. */
export function statusLabel(offer: Pick<OfferView, 'status' | 'role'>): string {
  if (offer.status === 'open')
    return offer.role === 'seller' ? 'Your answer' : 'Waiting for the seller';
  if (offer.status === 'countered')
    return offer.role === 'buyer' ? 'Counter-offer: your answer' : 'Waiting for the buyer';
  return OFFER_STATUS[offer.status].label;
}

/**
 * What is left before `expiresAt`, as a person reads it: "1 day 3 h left", "47 min left",
 * "less than a minute left"; "Expired" once it has passed.
 */
export function timeLeft(expiresAt: string, now: number = Date.now()): string {
  const ms = new Date(expiresAt).getTime() - now;
  if (!(ms > 0)) return 'Expired';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute left';
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'}${hours ? ` ${hours} h` : ''} left`;
  if (hours > 0) return `${hours} h${mins ? ` ${mins} min` : ''} left`;
  return `${mins} min left`;
}

/** One step of the thread from the viewer's side: "You offered €70.00", "The seller declined". */
export function stepText(
  step: OfferStepView,
  role: 'buyer' | 'seller',
  closedReason: OfferClosedReason | null = null,
): string {
  const who =
    step.by === 'system'
      ? ''
      : step.by === role
        ? 'You'
        : step.by === 'buyer'
          ? 'The buyer'
          : 'The seller';
  const amount = step.amountCents !== null ? money(step.amountCents) : '';
  switch (step.kind) {
    case 'made':
      return `${who} offered ${amount}`;
    case 'countered':
      return `${who} countered with ${amount}`;
    case 'accepted':
      return `${who} accepted ${amount}`;
    case 'declined':
      return `${who} declined`;
    case 'withdrawn':
      return `${who} withdrew the offer`;
    case 'expired':
      return 'Expired: nobody answered within 48 hours';
    case 'closed':
      return `Closed: ${closedText(closedReason, role)}`;
  }
}
