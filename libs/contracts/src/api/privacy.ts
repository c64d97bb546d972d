/**
 * GDPR self-service (issue 26, ADR 0039): "Download my data" (art. 15/20) and "Delete my
 * account" (art. 17).
 */

/** The services that hold personal data about a user, in the order the archive lists them. */
export const EXPORT_SERVICES = [
  'identity',
  'listings',
  'orders',
  'messaging',
  'notifications',
  'admin',
] as const;
export type ExportService = (typeof EXPORT_SERVICES)[number];

/**
 * `GET /internal/users/{id}/export` of each service (never routed by the gateway; the caller's
 * own token, forwarded by identity, and only for `id` = the token's subject). Each service
 * answers its own sections, keyed by what they are (`listings`, `favourites`, `orders`…), each
 * a plain JSON value (arrays of records with ISO dates and amounts in cents).
 */
export interface ServiceDataExport {
  service: ExportService;
  /** When the service read the data (ISO 8601). */
  exportedAt: string;
  data: Record<string, unknown>;
}

/** One service's part of the archive: its export, or why it is missing. */
export type ExportPart =
  | { status: 'ok'; exportedAt: string; data: Record<string, unknown> }
  | { status: 'unavailable'; message: string };

/**
 * `GET /api/v1/me/export`: the archive the browser saves as `loadout-data-<username>.json`. One
 * JSON object: `format` names this shape, then one part per service. A service that does not
 * answer is marked `unavailable` (the archive says so instead of silently leaving data out).
 */
export interface DataExportArchive {
  format: 'loadout.data-export.v1';
  userId: string;
  generatedAt: string;
  services: Record<ExportService, ExportPart>;
}

/** `POST /api/v1/me/deletion`: the username typed again, to confirm. */
export interface DeleteAccountRequest {
  confirmUsername: string;
}

/** `POST /api/v1/me/deletion` answers 200 with this once the account is erased. */
export interface DeleteAccountResult {
  deleted: true;
  deletedAt: string;
}

/**
 * Why an account cannot be deleted yet (`GET /internal/users/{id}/deletion-blockers`, orders):
 * an order of theirs holds money (paid, shipped, partly refunded), waits for its payment, is
 * disputed, owes them a payout not yet transferred, or an offer of theirs is still running.
 */
export const DELETION_BLOCKER_REASONS = [
  'money_held',
  'payment_pending',
  'open_dispute',
  'payout_pending',
  'open_offer',
] as const;
export type DeletionBlockerReason = (typeof DELETION_BLOCKER_REASONS)[number];

export interface DeletionBlocker {
  reason: DeletionBlockerReason;
  /** The order (money held, dispute) or offer it is about. */
  orderId: string | null;
  offerId: string | null;
  status: string;
}

/** Orders' answer: empty `items` = nothing of the user's holds money or is in progress. */
export interface DeletionBlockers {
  items: DeletionBlocker[];
}
