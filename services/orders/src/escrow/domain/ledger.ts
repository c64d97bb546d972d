import { type OrderAmounts } from '@loadout/contracts';

/**
 * Ledger accounts. Signs: money flows from a negative posting to a positive one, so every
 * journal entry sums to zero and so does every order's whole history.
 * - `buyer_payments`: what buyers paid in (negative: the money's source)
 * - `escrow_held`: money the platform holds for open orders
 * - `seller_payable`: owed to sellers, not transferred yet (released, transfer still to come)
 * - `seller_paid`: transferred to sellers' payout accounts (posted when the transfer is made,
 *   issue 23 scenario 6), less what was reversed
 * - `platform_fees`: Loadout's escrow fee income
 * - `refund_pending`: refunds Loadout asked the processor for, not confirmed yet (issue 23
 *   scenario 6, ADR 0042): non-zero exactly while an order has a refund in flight
 * - `refunds`: money returned to buyers (confirmed by the processor)
 * - `chargebacks`: money the card network took back after a lost chargeback, with its fee
 */
export const LEDGER_ACCOUNTS = [
  'buyer_payments',
  'escrow_held',
  'seller_payable',
  'seller_paid',
  'platform_fees',
  'refund_pending',
  'refunds',
  'chargebacks',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export type LedgerEntryKind =
  | 'payment'
  | 'release'
  | 'refund'
  | 'refund_confirmed'
  | 'refund_failed'
  | 'stray_payment'
  | 'chargeback'
  | 'transfer'
  | 'reversal'
  | 'withheld';

export interface Posting {
  account: LedgerAccount;
  /** Signed integer cents. */
  amountCents: number;
}

/** One balanced journal entry of one order. */
export interface LedgerEntry {
  orderId: string;
  kind: LedgerEntryKind;
  postings: Posting[];
  /** What the entry books when an order may have several (a stray payment's id): once each. */
  ref?: string;
}

export class UnbalancedEntryError extends Error {
  constructor(entry: LedgerEntry) {
    super(`ledger entry ${entry.kind} of order ${entry.orderId} does not sum to zero`);
    this.name = 'UnbalancedEntryError';
  }
}

function entry(orderId: string, kind: LedgerEntryKind, postings: Posting[]): LedgerEntry {
  const e = { orderId, kind, postings: postings.filter((p) => p.amountCents !== 0) };
  if (e.postings.some((p) => !Number.isSafeInteger(p.amountCents)))
    throw new RangeError('ledger amounts are integer cents');
  if (sumCents(e.postings) !== 0) throw new UnbalancedEntryError(e);
  return e;
}

export const sumCents = (postings: readonly Posting[]): number =>
  postings.reduce((s, p) => s + p.amountCents, 0);

/** The buyer's payment arrived: the whole total is held in escrow. */
export const paymentEntry = (orderId: string, a: OrderAmounts): LedgerEntry =>
  entry(orderId, 'payment', [
    { account: 'buyer_payments', amountCents: -a.totalCents },
    { account: 'escrow_held', amountCents: a.totalCents },
  ]);

/** Delivery confirmed (or auto-release): the seller gets item + postage, Loadout the fee. */
export const releaseEntry = (orderId: string, a: OrderAmounts): LedgerEntry =>
  entry(orderId, 'release', [
    { account: 'escrow_held', amountCents: -a.totalCents },
    { account: 'seller_payable', amountCents: a.sellerReceivesCents },
    { account: 'platform_fees', amountCents: a.feeCents },
  ]);

/**
 * Money the processor sent back to the buyer out of escrow, booked when it reports it (a refund
 * made in its dashboard): `escrow_held → refunds`.
 */
export function refundEntry(orderId: string, a: OrderAmounts, refundCents = a.totalCents) {
  checkRefund(a, refundCents);
  return entry(orderId, 'refund', [
    { account: 'escrow_held', amountCents: -refundCents },
    { account: 'refunds', amountCents: refundCents },
  ]);
}

/**
 * Loadout asks the processor to refund (a cancellation refunds everything, fee included; a
 * dispute's partial refund less): the money leaves escrow for `refund_pending` until the
 * processor confirms (issue 23 scenario 6). `ref` names a retry after a failure, once.
 */
export function refundAskedEntry(
  orderId: string,
  a: OrderAmounts,
  refundCents = a.totalCents,
  ref?: string,
): LedgerEntry {
  checkRefund(a, refundCents);
  const e = entry(orderId, 'refund', [
    { account: 'escrow_held', amountCents: -refundCents },
    { account: 'refund_pending', amountCents: refundCents },
  ]);
  return ref ? { ...e, ref } : e;
}

/**
 * The processor confirmed a refund: `refund_pending → refunds`. `ref` names the cumulative
 * amount confirmed it reaches, so each level is booked once.
 */
export function refundConfirmedEntry(orderId: string, amountCents: number, ref: string) {
  if (amountCents <= 0) throw new RangeError(`a confirmed refund is positive, got ${amountCents}`);
  return {
    ...entry(orderId, 'refund_confirmed', [
      { account: 'refund_pending', amountCents: -amountCents },
      { account: 'refunds', amountCents },
    ]),
    ref,
  };
}

/**
 * A refund failed at the processor (`ref` = its refund id, once): the money is held in escrow
 * again, out of `refund_pending` (or out of `refunds` when its success had been reported
 * before it failed), until the retry asks again.
 */
export function refundFailedEntry(
  orderId: string,
  ref: string,
  fromPendingCents: number,
  fromRefundsCents: number,
) {
  if (fromPendingCents < 0 || fromRefundsCents < 0 || fromPendingCents + fromRefundsCents <= 0)
    throw new RangeError('a failed refund returns a positive amount');
  return {
    ...entry(orderId, 'refund_failed', [
      { account: 'refund_pending', amountCents: -fromPendingCents },
      { account: 'refunds', amountCents: -fromRefundsCents },
      { account: 'escrow_held', amountCents: fromPendingCents + fromRefundsCents },
    ]),
    ref,
  };
}

function checkRefund(a: OrderAmounts, refundCents: number): void {
  if (refundCents <= 0 || refundCents > a.totalCents)
    throw new RangeError(`refund must be 1..${a.totalCents} cents, got ${refundCents}`);
}

/**
 * The rest of a partly refunded disputed order released: the seller gets their share less
 * theirs of the refund, Loadout the rest of its fee (`disputes/domain/partial-refund.ts`).
 */
export const partialReleaseEntry = (
  orderId: string,
  split: { sellerCents: number; platformFeeCents: number },
): LedgerEntry =>
  entry(orderId, 'release', [
    { account: 'escrow_held', amountCents: -(split.sellerCents + split.platformFeeCents) },
    { account: 'seller_payable', amountCents: split.sellerCents },
    { account: 'platform_fees', amountCents: split.platformFeeCents },
  ]);

/**
 * A lost chargeback: the card network took `heldCents` out of escrow (money still held) and
 * `fromPlatformCents` out of Loadout's own account (its fee, and the amount when the money had
 * already been released). Booked once per processor dispute (`ref`).
 */
export function chargebackEntry(
  orderId: string,
  disputeRef: string,
  heldCents: number,
  fromPlatformCents: number,
): LedgerEntry {
  if (heldCents < 0 || fromPlatformCents < 0)
    throw new RangeError('chargeback amounts are non-negative cents');
  return {
    ...entry(orderId, 'chargeback', [
      { account: 'escrow_held', amountCents: -heldCents },
      { account: 'platform_fees', amountCents: -fromPlatformCents },
      { account: 'chargebacks', amountCents: heldCents + fromPlatformCents },
    ]),
    ref: disputeRef,
  };
}

/**
 * The seller's money left the platform: a transfer to their payout account was made
 * (`seller_payable → seller_paid`), booked once per transfer id.
 */
export function transferEntry(orderId: string, transferId: string, amountCents: number) {
  if (amountCents <= 0) throw new RangeError(`a transfer is positive, got ${amountCents}`);
  return {
    ...entry(orderId, 'transfer', [
      { account: 'seller_payable', amountCents: -amountCents },
      { account: 'seller_paid', amountCents },
    ]),
    ref: transferId,
  };
}

/**
 * Money of a transfer came back from the seller's account. `to`: `platform_fees` when
 * Loadout reversed it to cover a lost chargeback (it paid the network from its own account),
 * `seller_payable` when it was reversed elsewhere (the dashboard): owed again until an admin
 * decides. `ref` names the reversal's cumulative level (`<transferId>:<cents reversed>`), so
 * the webhook and Loadout's own call book one level once.
 */
export function reversalEntry(
  orderId: string,
  ref: string,
  amountCents: number,
  to: 'platform_fees' | 'seller_payable',
) {
  if (amountCents <= 0) throw new RangeError(`a reversal is positive, got ${amountCents}`);
  return {
    ...entry(orderId, 'reversal', [
      { account: 'seller_paid', amountCents: -amountCents },
      { account: to, amountCents },
    ]),
    ref,
  };
}

/**
 * A seller's share not transferred because the card network took the money back (a chargeback
 * lost after the release, before the transfer was made): it covers Loadout's loss.
 */
export function withheldEntry(orderId: string, amountCents: number) {
  if (amountCents <= 0) throw new RangeError(`withheld money is positive, got ${amountCents}`);
  return {
    ...entry(orderId, 'withheld', [
      { account: 'seller_payable', amountCents: -amountCents },
      { account: 'platform_fees', amountCents },
    ]),
    ref: 'chargeback',
  };
}

/**
 * A payment that is not the order's (a second PaymentIntent, or another amount than the
 * total): it came in and goes straight back to the buyer, never held for the order.
 */
export function strayPaymentEntry(orderId: string, paymentId: string, amountCents: number) {
  if (amountCents <= 0) throw new RangeError(`a stray payment is positive, got ${amountCents}`);
  return {
    ...entry(orderId, 'stray_payment', [
      { account: 'buyer_payments', amountCents: -amountCents },
      { account: 'refunds', amountCents },
    ]),
    ref: paymentId,
  };
}

/** Balance per account over entries (e.g. to prove held money = open orders). */
export function balances(entries: readonly LedgerEntry[]): Record<LedgerAccount, number> {
  const out = Object.fromEntries(LEDGER_ACCOUNTS.map((a) => [a, 0])) as Record<
    LedgerAccount,
    number
  >;
  for (const e of entries) for (const p of e.postings) out[p.account] += p.amountCents;
  return out;
}
