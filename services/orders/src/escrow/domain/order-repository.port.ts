import { type OrderRole } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';
import { type ReportedPaymentEvent } from '../../payments/payment-provider.port';
import { type Order, type OrderChange, type TimelineEntry } from './order';

/** Who caused a change, for its events (null actor: the worker or a processor event). */
export interface ChangeMeta {
  actorId: string | null;
  requestId?: string;
}

/** What a save writes besides the change, in the same statement (all of it or nothing). */
export interface WrittenWith {
  /** Processor events for the inbox (the simulated processor's answer to a pay). */
  inbox?: readonly ReportedPaymentEvent[];
}

/** An order as read, with the version of its row (what a guarded save checks). */
export interface VersionedOrder {
  order: Order;
  /** Opaque: changes with every write of the order's row, by anyone. */
  version: string;
}

/**
 * Orders, their timelines and everything a transition writes with them. `save` stores one
 * `OrderChange` whole, in the caller's transaction: the order row and its timeline rows, the
 * ledger entries, the jobs and the outbox events commit (or roll back) together.
 */
export abstract class OrderRepository {
  /** The order, locked until the transaction ends (transitions of one order queue up). */
  abstract lock(tx: Tx, id: string): Promise<Order | null>;
  abstract findById(tx: Tx, id: string): Promise<Order | null>;
  /** The order as read now, unlocked, with its row's version (for `saveIfUnchanged`). */
  abstract findForChange(tx: Tx, id: string): Promise<VersionedOrder | null>;
  abstract findByIds(tx: Tx, ids: string[]): Promise<Order[]>;
  /** The buyer's open order of a listing (a repeated checkout returns it). */
  abstract findOpenByBuyer(tx: Tx, listingId: string, buyerId: string): Promise<Order | null>;
  /**
   * Writes the change (the row, its timeline, ledger entries, jobs and events) and answers the
   * order's whole timeline after it, oldest first (what its view shows, without another read).
   */
  abstract save(
    tx: Tx,
    change: OrderChange,
    meta: ChangeMeta,
    withChange?: WrittenWith,
  ): Promise<TimelineEntry[]>;
  /**
   * `save` as one statement that writes only if the order's row is still at `version` (ADR
   * 0062): all of the change, or nothing at all (null) when anyone wrote the row since it was
   * read, and also when the change cannot be one statement (an insert, or several jobs changes,
   * applied one after the other): the caller then takes the locked transaction. Runs with no
   * transaction open (the statement commits as one).
   */
  abstract saveIfUnchanged(
    tx: Tx,
    change: OrderChange,
    meta: ChangeMeta,
    version: string,
    withChange?: WrittenWith,
  ): Promise<TimelineEntry[] | null>;
  abstract timelines(tx: Tx, orderIds: string[]): Promise<Map<string, TimelineEntry[]>>;
  /** A user's orders as buyer or seller (optionally of one listing), newest first, keyset-paged. */
  abstract page(
    tx: Tx,
    userId: string,
    role: OrderRole,
    cursor: string | undefined,
    limit: number,
    listingId?: string,
  ): Promise<{ items: Order[]; nextCursor: string | null }>;
  /** Money of a seller's orders: held (paid, shipped, disputed) and released (completed). */
  abstract sellerTotals(
    tx: Tx,
    sellerId: string,
  ): Promise<{ heldCents: number; releasedCents: number }>;
}
