import {
  type DeliveryAddress,
  type DeliveryOption,
  type OfferClosedReason,
  type OfferStatus,
  type OfferStepKind,
  type OrderStatus,
  offerMinimumCents,
} from '@loadout/contracts';
import {
  counterInvalid,
  offerAlreadyOpen,
  offerBelowMinimum,
  offerClosed,
  offerExpired,
  offerListingUnavailable,
  offerNotAllowed,
  offerNotBelowPrice,
  offerOwnListing,
} from './offer.errors';

/**
 * The Offer aggregate (issue 24, ADR 0031): pure rules, no I/O. Every step returns an
 * `OfferChange` (the new offer and the event it announces); the repository stores both in
 * the caller's transaction.
 *
 *   open (the seller answers)      seller: accept → accepted | decline → declined | counter → countered
 *                                  buyer:  withdraw → withdrawn
 *   countered (the buyer answers)  buyer:  accept → accepted | decline → declined | withdraw → withdrawn
 *   open, countered                the clock: expiresAt passed → expired
 *   open, countered                another order took the listing → closed (ADR 0037)
 *   accepted, declined, withdrawn, expired, closed: final.
 */
export interface OfferRules {
  /** The smallest offer, in percent of the asking price (`OFFER_MIN_PERCENT`). */
  minPercent: number;
  /** How long an offer or counter stays on the table (`OFFER_TTL_HOURS`). */
  ttlMs: number;
}

export const DEFAULT_OFFER_RULES: OfferRules = { minPercent: 50, ttlMs: 48 * 3_600_000 };

export type OfferActor = 'buyer' | 'seller';

export interface OfferStep {
  kind: OfferStepKind;
  by: OfferActor | 'system';
  amountCents: number | null;
  message: string | null;
  at: Date;
}

export interface Offer {
  id: string;
  listingId: string;
  listingTitle: string;
  listingPhotoUrl: string | null;
  buyerId: string;
  sellerId: string;
  askingCents: number;
  /** On the table: the buyer's offer, or the seller's counter; the agreed price once accepted. */
  amountCents: number;
  status: OfferStatus;
  delivery: DeliveryOption;
  /** The checked address for post (shown to nobody but the buyer; the order keeps it). */
  deliveryAddress: DeliveryAddress | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  orderId: string | null;
  /** Why it was closed (status `closed`), else null. */
  closedReason: OfferClosedReason | null;
  steps: OfferStep[];
  /** Read model, not stored on the offer: the accepted offer's order as it stands (reads only). */
  order?: { status: OrderStatus; payBy: Date | null } | null;
}

export interface OfferChange {
  offer: Offer;
  /** The step just taken (its `kind` names the event: `orders.offer.<kind>.v1`). */
  step: OfferStep;
}

/** What the offer needs to know about the listing (read from listings). */
export interface OfferListing {
  id: string;
  title: string;
  photoUrl: string | null;
  sellerId: string;
  status: string;
  priceCents: number | null;
}

export interface MakeOfferInput {
  id: string;
  buyerId: string;
  amountCents: number;
  message: string | null | undefined;
  delivery: DeliveryOption;
  deliveryAddress: DeliveryAddress | null;
}

export type OfferCommand =
  | { kind: 'accept'; orderId: string }
  | { kind: 'decline' }
  | { kind: 'counter'; amountCents: number; message: string | null | undefined }
  | { kind: 'withdraw' };

const ACTIVE: ReadonlySet<OfferStatus> = new Set(['open', 'countered']);

export const isActive = (o: Pick<Offer, 'status'>): boolean => ACTIVE.has(o.status);

/** An active offer whose time is up (the expirer may not have reached it yet). */
export const isLapsed = (o: Pick<Offer, 'status' | 'expiresAt'>, now: Date): boolean =>
  isActive(o) && now.getTime() >= o.expiresAt.getTime();

/** The caller's side of this offer, or null for anyone else (who is then told 404). */
export function actorOf(o: Pick<Offer, 'buyerId' | 'sellerId'>, userId: string): OfferActor | null {
  if (userId === o.buyerId) return 'buyer';
  if (userId === o.sellerId) return 'seller';
  return null;
}

/** Whose turn it is: the seller answers an offer, the buyer a counter; nobody once it ended. */
export function awaiting(o: Pick<Offer, 'status'>): OfferActor | null {
  if (o.status === 'open') return 'seller';
  if (o.status === 'countered') return 'buyer';
  return null;
}

const cleanMessage = (m: string | null | undefined): string | null => {
  const t = m?.trim();
  return t ? t : null;
};

/**
 * A buyer makes an offer. `active` is the buyer's running offer on this listing, if any: one
 * that has lapsed no longer counts (the caller expires it in the same transaction).
 */
export function makeOffer(
  listing: OfferListing,
  input: MakeOfferInput,
  active: Offer | null,
  now: Date,
  rules: OfferRules,
): OfferChange {
  if (listing.sellerId === input.buyerId) throw offerOwnListing();
  if (listing.status !== 'active' || listing.priceCents === null) throw offerListingUnavailable();
  if (active && !isLapsed(active, now)) throw offerAlreadyOpen(active.id);
  const asking = listing.priceCents;
  const minimum = offerMinimumCents(asking, rules.minPercent);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < minimum)
    throw offerBelowMinimum(minimum, rules.minPercent);
  if (input.amountCents >= asking) throw offerNotBelowPrice(asking);
  const step: OfferStep = {
    kind: 'made',
    by: 'buyer',
    amountCents: input.amountCents,
    message: cleanMessage(input.message),
    at: now,
  };
  return {
    step,
    offer: {
      id: input.id,
      listingId: listing.id,
      listingTitle: listing.title,
      listingPhotoUrl: listing.photoUrl,
      buyerId: input.buyerId,
      sellerId: listing.sellerId,
      askingCents: asking,
      amountCents: input.amountCents,
      status: 'open',
      delivery: input.delivery,
      deliveryAddress: input.deliveryAddress,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + rules.ttlMs),
      orderId: null,
      closedReason: null,
      steps: [step],
    },
  };
}

/**
 * One party's step on a running offer. Refused when the offer ended (409 CLOSED), when its
 * time is up even if the expirer has not run yet (409 EXPIRED), or when it is not the
 * caller's turn (403 NOT_ALLOWED).
 */
export function decide(
  offer: Offer,
  actor: OfferActor,
  command: OfferCommand,
  now: Date,
  rules: OfferRules,
): OfferChange {
  if (!isActive(offer)) throw offerClosed(offer.status);
  if (isLapsed(offer, now)) throw offerExpired();
  const step = (
    kind: OfferStepKind,
    amountCents: number | null = null,
    message: string | null = null,
  ): OfferStep => ({
    kind,
    by: actor,
    amountCents,
    message,
    at: now,
  });
  const next = (status: OfferStatus, s: OfferStep, extra: Partial<Offer> = {}): OfferChange => ({
    step: s,
    offer: { ...offer, ...extra, status, updatedAt: now, steps: [...offer.steps, s] },
  });

  if (command.kind === 'withdraw') {
    if (actor !== 'buyer') throw offerNotAllowed('Only the buyer can withdraw an offer.');
    return next('withdrawn', step('withdrawn'));
  }
  if (awaiting(offer) !== actor)
    throw offerNotAllowed(
      actor === 'buyer'
        ? 'The seller has not answered your offer yet.'
        : 'The buyer has to answer your counter-offer.',
    );
  switch (command.kind) {
    case 'accept':
      return next('accepted', step('accepted', offer.amountCents), { orderId: command.orderId });
    case 'decline':
      return next('declined', step('declined'));
    case 'counter': {
      if (actor !== 'seller') throw offerNotAllowed('Only the seller can make a counter-offer.');
      const min = offer.amountCents + 1;
      const max = offer.askingCents;
      if (
        !Number.isSafeInteger(command.amountCents) ||
        command.amountCents < min ||
        command.amountCents > max
      )
        throw counterInvalid(min, max);
      return next(
        'countered',
        step('countered', command.amountCents, cleanMessage(command.message)),
        {
          amountCents: command.amountCents,
          expiresAt: new Date(now.getTime() + rules.ttlMs),
        },
      );
    }
  }
}

/** The clock's step: an active offer whose time is up expires; anything else stays (null). */
export function expire(offer: Offer, now: Date): OfferChange | null {
  if (!isLapsed(offer, now)) return null;
  const s: OfferStep = { kind: 'expired', by: 'system', amountCents: null, message: null, at: now };
  return {
    step: s,
    offer: { ...offer, status: 'expired', updatedAt: now, steps: [...offer.steps, s] },
  };
}

/** The order that took a listing, as closing its other offers needs it (ADR 0037). */
export interface TakingOrder {
  buyerId: string;
  /** The order is an accepted offer's (else a checkout at the asking price). */
  byOffer: boolean;
}

/**
 * A running offer (lapsed or not) closes with why, by the system; an ended one stays as it is
 * (null).
 */
function closeRunning(offer: Offer, reason: OfferClosedReason, now: Date): OfferChange | null {
  if (!isActive(offer)) return null;
  const s: OfferStep = { kind: 'closed', by: 'system', amountCents: null, message: null, at: now };
  return {
    step: s,
    offer: {
      ...offer,
      status: 'closed',
      closedReason: reason,
      updatedAt: now,
      steps: [...offer.steps, s],
    },
  };
}

/**
 * The listing was withdrawn by its seller or removed by a moderator: nobody can buy the item
 * any more, so a running offer closes.
 */
export const closeOnListingRemoved = (offer: Offer, now: Date): OfferChange | null =>
  closeRunning(offer, 'listing_removed', now);

/**
 * Another order took the listing: a running offer closes, with who took it as the reason. The
 * order's own accepted offer is already `accepted` when this runs, so it is never closed.
 */
export function closeFor(offer: Offer, order: TakingOrder, now: Date): OfferChange | null {
  const reason: OfferClosedReason = order.byOffer
    ? 'other_offer_accepted'
    : order.buyerId === offer.buyerId
      ? 'buyer_checked_out'
      : 'reserved_by_checkout';
  return closeRunning(offer, reason, now);
}
