import { type LedgerCheckView } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';
import { type LedgerEntry } from './ledger';

/** The double-entry ledger: entries are only ever appended, with the order's state change. */
export abstract class LedgerRepository {
  abstract post(tx: Tx, entry: LedgerEntry): Promise<void>;
  /** The order's transfers to its seller as booked: amount and what is reversed of each. */
  abstract transfersOf(tx: Tx, orderId: string): Promise<BookedTransfer[]>;
  /** What is booked as reversed of one transfer (booked itself or not yet). */
  abstract reversedOf(tx: Tx, orderId: string, transferId: string): Promise<number>;
  /**
   * Proves the ledger: every order's postings sum to zero, and money held in escrow equals
   * the totals of orders that hold money.
   */
  abstract check(tx: Tx): Promise<LedgerCheckView>;
}

export interface BookedTransfer {
  transferId: string;
  amountCents: number;
  reversedCents: number;
}
