/**
 * `orders.payout.failed.v1` (ADR 0042): the processor could not pay a seller's balance out to
 * their bank (Stripe `payout.failed` on the connected account). The seller must act (check their
 * bank details with the processor); their payout account shows it until a newer state replaces it.
 */
export interface PayoutFailedV1 {
  sellerId: string;
  /** The processor's account id (`acct_…`). */
  accountId: string;
  payoutId: string;
  /** What did not reach the bank, cents. */
  amountCents: number;
  /** The processor's failure code (`account_closed`, `no_account`, `insufficient_funds` …). */
  failureCode: string;
  /** ISO 8601: when the processor reported it. */
  failedAt: string;
}
