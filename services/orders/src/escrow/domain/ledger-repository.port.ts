import { type LedgerCheckView } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';
import { type LedgerEntry } from './ledger';

/** The double-entry ledger: entries are only ever appended, with the order's state change. */
export abstract class LedgerRepository {
  abstract post(tx: Tx, entry: LedgerEntry): Promise<void>;
  /**
   * Proves the ledger: every order's postings sum to zero, and money held in escrow equals
   * the totals of orders that hold money.
   */
  abstract check(tx: Tx): Promise<LedgerCheckView>;
}
