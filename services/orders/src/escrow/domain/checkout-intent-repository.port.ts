import { type Tx } from '@loadout/service-kit/tx';

/**
 * Checkout intents (issue 23 scenario 1): written before listings is asked to reserve, taken
 * back when the order is written. Whoever takes an intent first wins: the checkout (its
 * order commits) or the reservation sweep (the listing is released).
 */
export abstract class CheckoutIntentRepository {
  /** Writes the intent; a second record of the same order id (a reused intent) is a no-op. */
  abstract record(tx: Tx, orderId: string, listingId: string, buyerId: string): Promise<void>;
  /**
   * The buyer's checkout of the listing, in one statement: the order id of their open intent
   * for it (the newest), if any, or else `newOrderId`'s intent, written. An open intent is a
   * checkout whose reserve answer was lost or whose process died before the order was written
   * (ADR 0049); its retry reuses the id (`resumed`), and listings' reserve is idempotent for it.
   */
  abstract resumeOrRecord(
    tx: Tx,
    listingId: string,
    buyerId: string,
    newOrderId: string,
  ): Promise<{ orderId: string; resumed: boolean }>;
  /** Takes the intent back; false when it is gone (the sweep released its listing). */
  abstract take(tx: Tx, orderId: string): Promise<boolean>;
  /**
   * Of `orderIds`, those with an intent younger than `graceMs`. Older ones are taken (deleted)
   * in the same statement: their checkout can no longer commit.
   */
  abstract freshOrTake(tx: Tx, orderIds: string[], graceMs: number): Promise<Set<string>>;
}
