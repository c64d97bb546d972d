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
  abstract park(tx: Tx, id: string, error: string): Promise<void>;
  abstract retryLater(tx: Tx, id: string, error: string, delayMs: number): Promise<void>;
}
