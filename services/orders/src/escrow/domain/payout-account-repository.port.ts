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
}

export interface PayoutFailure {
  code: string;
  amountCents: number;
  at: Date;
}

/** Is a failure reported at `at` newer than the stored one (or the first)? */
export const isNewerPayoutFailure = (stored: StoredPayoutAccount, at: Date): boolean =>
  !stored.payoutFailure || at.getTime() > stored.payoutFailure.at.getTime();

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
}
