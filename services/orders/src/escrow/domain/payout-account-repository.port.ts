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
}

/** Is a snapshot read at `observedAt` newer than the stored one (or the first)? */
export const isNewerSnapshot = (stored: StoredPayoutAccount | null, observedAt: Date): boolean =>
  !stored?.statusAt || observedAt.getTime() >= stored.statusAt.getTime();

/** Sellers' payout accounts at the processor (Stripe Connect Express, simulated). */
export abstract class PayoutAccountRepository {
  abstract findBySeller(tx: Tx, sellerId: string): Promise<StoredPayoutAccount | null>;
  /** Locked until the transaction ends (account events of one seller queue up). */
  abstract lockByAccountId(tx: Tx, accountId: string): Promise<StoredPayoutAccount | null>;
  abstract upsert(tx: Tx, account: StoredPayoutAccount): Promise<void>;
}
