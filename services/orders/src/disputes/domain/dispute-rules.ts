/** Dispute deadlines of docs/domain.md, in milliseconds (read from env once at boot). */
export interface DisputeRules {
  /** The seller answers within 3 days (and the buyer accepts a proposal within as long). */
  respondWithinMs: number;
  /** A withdrawn dispute gives the order's clock back with at least this much left: 3 days. */
  resumeAtLeastMs: number;
  /** Return and refund: the buyer sends the item back within this (7 days), else admins decide. */
  returnShipWithinMs: number;
  /** The seller confirms the return arrived within this (14 days), else the refund goes out. */
  returnReceiptWithinMs: number;
}

const DAY = 24 * 60 * 60_000;

export const DEFAULT_DISPUTE_RULES: DisputeRules = {
  respondWithinMs: 3 * DAY,
  resumeAtLeastMs: 3 * DAY,
  returnShipWithinMs: 7 * DAY,
  returnReceiptWithinMs: 14 * DAY,
};
