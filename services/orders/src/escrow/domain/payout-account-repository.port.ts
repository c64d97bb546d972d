import { type Tx } from '@loadout/service-kit/tx';
import {
  type PayoutAccountState,
  type PaymentsProvider,
} from '../../payments/payment-provider.port';

export interface StoredPayoutAccount {
  sellerId: string;
  provider: PaymentsProvider;
  accountId: string;
  status: PayoutAccountState;
  /**
   * When `status` was read from the processor (issue 23 sc. 8): an older snapshot, applied
   * late, must not overwrite it. Null for rows from before it was kept.
   */
  statusAt: Date | null;
  /** The last payout the processor could not make to the seller's bank (ADR 0042). */
  payoutFailure?: PayoutFailure | null;
  /** When the last payout that reached the bank was reported (`payout.paid`, ADR 0049). */
  payoutPaidAt?: Date | null;
}

export interface PayoutFailure {
  code: string;
  amountCents: number;
  at: Date;
}

/** Is a failure reported at `at` newer than the stored one (or the first)? */
export const isNewerPayoutFailure = (stored: StoredPayoutAccount, at: Date): boolean =>
  (!stored.payoutFailure || at.getTime() > stored.payoutFailure.at.getTime()) &&
  // A later payout reached the bank: this failure, delivered late, is over (ADR 0049).
  (!stored.payoutPaidAt || at.getTime() > stored.payoutPaidAt.getTime());

/** Is a paid payout reported at `at` newer than the last one stored (or the first)? */
export const isNewerPayoutPaid = (stored: StoredPayoutAccount, at: Date): boolean =>
  !stored.payoutPaidAt || at.getTime() > stored.payoutPaidAt.getTime();

/** Does a payout paid at `at` end the stored failure (one reported before it)? */
export const paidClearsFailure = (stored: StoredPayoutAccount, at: Date): boolean =>
  !!stored.payoutFailure && stored.payoutFailure.at.getTime() < at.getTime();

/** Is a snapshot read at `observedAt` newer than the stored one (or the first)? */
export const isNewerSnapshot = (stored: StoredPayoutAccount | null, observedAt: Date): boolean =>
  !stored?.statusAt || observedAt.getTime() >= stored.statusAt.getTime();

/** Sellers' payout accounts at the processor (Stripe Connect Express, simulated). */
export abstract class PayoutAccountRepository {
  abstract findBySeller(tx: Tx, sellerId: string): Promise<StoredPayoutAccount | null>;
  /** Locked until the transaction ends (account events of one seller queue up). */
  abstract lockByAccountId(tx: Tx, accountId: string): Promise<StoredPayoutAccount | null>;
  abstract upsert(tx: Tx, account: StoredPayoutAccount): Promise<void>;
  /** Stores the last failed payout of the account (the caller checks it is newer). */
  abstract recordPayoutFailure(tx: Tx, accountId: string, failure: PayoutFailure): Promise<void>;
  /**
   * Stores when the last payout reached the bank (the caller checks it is newer) and, when
   * `clearFailure`, forgets the stored failure (ADR 0049).
   */
  abstract recordPayoutPaid(
    tx: Tx,
    accountId: string,
    paid: { at: Date; clearFailure: boolean },
  ): Promise<void>;
}
