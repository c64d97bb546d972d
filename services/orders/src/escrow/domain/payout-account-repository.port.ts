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
}

/** Sellers' payout accounts at the processor (Stripe Connect Express, simulated). */
export abstract class PayoutAccountRepository {
  abstract findBySeller(tx: Tx, sellerId: string): Promise<StoredPayoutAccount | null>;
  /** Locked until the transaction ends (account events of one seller queue up). */
  abstract lockByAccountId(tx: Tx, accountId: string): Promise<StoredPayoutAccount | null>;
  abstract upsert(tx: Tx, account: StoredPayoutAccount): Promise<void>;
}
