import { type OrderAmounts } from '@loadout/contracts';
import { invalidAmount } from './dispute.errors';

/** How a partial refund splits the buyer's payment, in integer cents. */
export interface RefundSplit {
  /** Back to the buyer. */
  refundCents: number;
  /** Of `refundCents`, the part of the escrow fee Loadout gives back. */
  feeRefundCents: number;
  /** Released to the seller: what they would have had, less their share of the refund. */
  sellerCents: number;
  /** Loadout keeps the rest of its fee. */
  platformFeeCents: number;
}

/** A partial refund returns 1 cent up to 1 cent less than the total (the total is a full refund). */
export function assertPartialRefund(totalCents: number, refundCents: number): void {
  if (!Number.isSafeInteger(refundCents) || refundCents < 1 || refundCents >= totalCents)
    throw invalidAmount(totalCents);
}

/**
 * A partial refund of `refundCents` out of the order's total: the escrow fee goes back in the
 * same proportion (fee × refund / total, half-up to the cent), the seller's share carries the
 * rest of the refund. Everything sums: refund + seller + platform fee = total.
 */
export function splitPartialRefund(a: OrderAmounts, refundCents: number): RefundSplit {
  assertPartialRefund(a.totalCents, refundCents);
  const feeRefundCents = Math.floor(
    (a.feeCents * refundCents * 2 + a.totalCents) / (2 * a.totalCents),
  );
  const sellerShare = refundCents - feeRefundCents;
  return {
    refundCents,
    feeRefundCents,
    sellerCents: a.sellerReceivesCents - sellerShare,
    platformFeeCents: a.feeCents - feeRefundCents,
  };
}
