import { type Tx } from '@loadout/service-kit/tx';

/**
 * Checkout intents (issue 23 scenario 1): written before listings is asked to reserve, taken
 * back when the order is written. Whoever takes an intent first wins: the checkout (its
 * order commits) or the reservation sweep (the listing is released).
 */
export abstract class CheckoutIntentRepository {
  abstract record(tx: Tx, orderId: string, listingId: string): Promise<void>;
  /** Takes the intent back; false when it is gone (the sweep released its listing). */
  abstract take(tx: Tx, orderId: string): Promise<boolean>;
  /**
   * Of `orderIds`, those with an intent younger than `graceMs`. Older ones are taken (deleted)
   * in the same statement: their checkout can no longer commit.
   */
  abstract freshOrTake(tx: Tx, orderIds: string[], graceMs: number): Promise<Set<string>>;
}
