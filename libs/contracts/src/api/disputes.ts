import { IMAGE_CONTENT_TYPES } from './images';
import { type OrderRole } from './orders';

/**
 * Evidence photos (ADR 0037): uploaded one at a time (`POST /api/v1/orders/{id}/dispute-photos`,
 * the raw image as the body), then named by id when opening the dispute or posting to its
 * thread; served only to the buyer, the seller and admins
 * (`GET /api/v1/disputes/{id}/photos/{photoId}?size=large|thumb`).
 */
export const DISPUTE_PHOTO_LIMITS = {
  /** At most this many photos with the opening, and with each message. */
  photosPerPost: 5,
  /** The upload's largest size; the web client shrinks photos to 2048 px before sending. */
  photoMaxBytes: 5 * 1024 * 1024,
  photoTypes: IMAGE_CONTENT_TYPES,
  /** Uploads per user per day (each costs a decode). */
  photosPerDay: 40,
} as const;

/** An evidence photo (re-encoded WebP, EXIF and GPS stripped). */
export interface DisputePhotoView {
  id: string;
  width: number;
  height: number;
}
/**
 * Disputes (issue 24): a buyer's complaint about a paid or shipped order, answered by the
 * seller within 3 days, else decided by admins. Amounts in integer euro cents.
 */
export const DISPUTE_REASONS = [
  'not_received',
  'not_as_described',
  'damaged',
  'counterfeit_or_illegal',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/**
 * `open` → `responded` (a proposal) / `escalated` (admins) → `resolved`, or `withdrawn`. A
 * return and refund the seller accepted goes `awaiting_return` (the buyer sends it back) →
 * `return_shipped` (the seller confirms receipt, or the deadline passes) → `resolved`.
 */
export const DISPUTE_STATUSES = [
  'open',
  'responded',
  'awaiting_return',
  'return_shipped',
  'escalated',
  'resolved',
  'withdrawn',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_WANTED_KINDS = ['full_refund', 'partial_refund', 'return_and_refund'] as const;
export type DisputeWantedKind = (typeof DISPUTE_WANTED_KINDS)[number];

/** What the buyer asks for; `amountCents` only (and always) for a partial refund. */
export interface DisputeWanted {
  kind: DisputeWantedKind;
  amountCents?: number;
}

export const DISPUTE_RESPONSE_KINDS = ['accept', 'propose_partial', 'contest'] as const;
export type DisputeResponseKind = (typeof DISPUTE_RESPONSE_KINDS)[number];

export const DISPUTE_OUTCOME_KINDS = ['release', 'full_refund', 'partial_refund'] as const;
export type DisputeOutcomeKind = (typeof DISPUTE_OUTCOME_KINDS)[number];

/** How the money moved: to the seller, back to the buyer, or split. */
export interface DisputeOutcome {
  kind: DisputeOutcomeKind;
  /** Cents back to the buyer (0 for a release, the total for a full refund). */
  refundCents: number;
  /** Who settled it: the seller accepting, the buyer accepting a proposal, an admin, the card network. */
  decidedBy: 'seller' | 'buyer' | 'admin' | 'system';
  /** An admin's written reasons (required for a decision), or null. */
  statement: string | null;
}

/** `buyer`: opened by the buyer; `chargeback`: a card chargeback (admins only see it). */
export type DisputeOrigin = 'buyer' | 'chargeback';

export interface DisputeMessageView {
  id: string;
  authorId: string;
  authorRole: 'buyer' | 'seller' | 'admin';
  body: string;
  /** Photos posted with the message, in the order given. */
  photos: DisputePhotoView[];
  /** ISO 8601. */
  at: string;
}

/** `GET /api/v1/disputes/{id}` and the items of `GET /api/v1/disputes`. */
export interface DisputeView {
  id: string;
  orderId: string;
  buyerId: string;
  sellerId: string;
  origin: DisputeOrigin;
  status: DisputeStatus;
  reason: DisputeReason;
  description: string;
  wanted: DisputeWanted;
  /** The order's total (what a full refund returns). */
  orderTotalCents: number;
  /** The seller's answer. */
  response: { kind: DisputeResponseKind; amountCents: number | null; message: string } | null;
  outcome: DisputeOutcome | null;
  /**
   * The pending deadline: the seller's answer (`open`), the buyer's acceptance (`responded`),
   * the buyer's return (`awaiting_return`), the seller's confirmation of receipt
   * (`return_shipped`).
   */
  respondBy: string | null;
  openedAt: string;
  resolvedAt: string | null;
  /** Only in `GET /api/v1/disputes/{id}`. */
  messages?: DisputeMessageView[];
  /** Only in `GET /api/v1/disputes/{id}` (and actions' answers): the opening's evidence photos. */
  photos?: DisputePhotoView[];
}

/** `POST /api/v1/orders/{id}/disputes` (the buyer). */
export interface OpenDisputeRequest {
  reason: DisputeReason;
  description: string;
  wanted: DisputeWanted;
  /** Ids of the buyer's uploaded evidence photos (at most 5). */
  photoIds?: string[];
}

/** `POST /api/v1/disputes/{id}/response` (the seller). */
export interface RespondToDisputeRequest {
  kind: DisputeResponseKind;
  /** `propose_partial` only: cents back to the buyer. */
  amountCents?: number;
  message: string;
}

/** `POST /api/v1/disputes/{id}/messages`. */
export interface PostDisputeMessageRequest {
  body: string;
  /** Ids of the author's uploaded photos (at most 5). */
  photoIds?: string[];
}

/** Query of `GET /api/v1/disputes/{id}/photos/{photoId}`. */
export interface DisputePhotoQuery {
  size?: 'large' | 'thumb';
}

/** `POST /api/v1/admin/disputes/{id}/decision` (admins). */
export interface DecideDisputeRequest {
  outcome: DisputeOutcomeKind;
  /** `partial_refund` only. */
  amountCents?: number;
  statement: string;
}

/** `GET /api/v1/disputes?role=buyer|seller` */
/** `GET /api/v1/disputes?role=buyer|seller`. */
export interface ListDisputesQuery {
  role?: OrderRole;
}

export interface DisputesPage {
  items: DisputeView[];
}
