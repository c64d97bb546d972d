import { type DisputeOrigin, type DisputeStatus, type LedgerPostingView } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';
import { type Dispute } from '../../disputes/domain/dispute';

export interface DisputeQueueFilter {
  /** null: the disputes that need an admin (escalated ones and chargebacks still open). */
  status: DisputeStatus | null;
  origin: DisputeOrigin | null;
}

/** What admins read of orders beyond one order's own view (issue 26): read-only queries. */
export abstract class OrdersAdminReadRepository {
  /** Oldest first, keyset-paged on (opened_at, id). */
  abstract disputeQueue(
    tx: Tx,
    filter: DisputeQueueFilter,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: Dispute[]; nextCursor: string | null }>;
  /** The order's postings in booking order; null when there is no such order. */
  abstract ledgerOf(tx: Tx, orderId: string): Promise<LedgerPostingView[] | null>;
}
