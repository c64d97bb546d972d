import { type Tx } from '@loadout/service-kit/tx';
import { type PaymentEvent } from '../../payments/payment-provider.port';

export interface ClaimedPaymentEvent {
  id: string;
  event: PaymentEvent;
  attempts: number;
}

/**
 * The inbox of processor events (webhooks, simulated processor): recorded once per provider
 * and event id, applied later by the worker.
 */
export abstract class PaymentEventRepository {
  /** False when the event was already known (a redelivery). */
  abstract record(tx: Tx, event: PaymentEvent, options?: { availableAt?: Date }): Promise<boolean>;
  /**
   * The oldest due unprocessed event, locked and already marked processed in the caller's
   * transaction: applying it commits both, or rolls both back. `attempts` is the count before.
   */
  abstract claimDue(tx: Tx, now?: Date): Promise<ClaimedPaymentEvent | null>;
  /** Gives up on an event that kept failing: parked (not processed) until an admin acts. */
  abstract park(tx: Tx, id: string, error: string): Promise<void>;
  /** Parked events, oldest parked first. */
  abstract listParked(tx: Tx, limit: number): Promise<ParkedPaymentEvent[]>;
  abstract countParked(tx: Tx): Promise<number>;
  /** Open again with fresh attempts, due now; false when it is not parked. */
  abstract retryParked(tx: Tx, id: string): Promise<boolean>;
  /** Closed for good (processed, kept with its error); false when it is not parked. */
  abstract discardParked(tx: Tx, id: string): Promise<boolean>;
  abstract retryLater(tx: Tx, id: string, error: string, delayMs: number): Promise<void>;
}

/** An inbox event that exhausted its attempts, as admins see it. */
export interface ParkedPaymentEvent {
  id: string;
  orderId: string | null;
  type: string;
  attempts: number;
  lastError: string | null;
  parkedAt: Date;
  createdAt: Date;
}
