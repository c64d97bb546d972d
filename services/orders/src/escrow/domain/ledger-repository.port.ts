import { type LedgerCheckView } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';
import { type LedgerEntry, type LedgerEntryKind } from './ledger';

/** The double-entry ledger: entries are only ever appended, with the order's state change. */
export abstract class LedgerRepository {
  abstract post(tx: Tx, entry: LedgerEntry): Promise<void>;
  /** The order's transfers to its seller as booked: amount and what is reversed of each. */
  abstract transfersOf(tx: Tx, orderId: string): Promise<BookedTransfer[]>;
  /** What is booked as reversed of one transfer (booked itself or not yet). */
  abstract reversedOf(tx: Tx, orderId: string, transferId: string): Promise<number>;
  /** Whether the order has an entry of `kind` named `ref` (e.g. a refund's failure, once). */
  abstract hasEntry(tx: Tx, orderId: string, kind: LedgerEntryKind, ref: string): Promise<boolean>;
  /**
   * Proves the ledger: every order's postings sum to zero, money held in escrow equals the
   * totals of orders that hold money plus failed refunds waiting for their retry, and each
   * order's `refund_pending` is what the order says is in flight (ADR 0042).
   */
  abstract check(tx: Tx): Promise<LedgerCheckView>;
}

export interface BookedTransfer {
  transferId: string;
  amountCents: number;
  reversedCents: number;
}
