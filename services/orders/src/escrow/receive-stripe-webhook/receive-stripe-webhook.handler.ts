import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '@loadout/errors';
import {
  PAYMENT_EVENT_SINK,
  PAYMENT_PROVIDER,
  type PaymentEventSink,
  type PaymentProvider,
} from '../../payments/payment-provider.port';
import { StripePaymentProvider } from '../../payments/stripe/stripe-payment.provider';
import { OrdersWorker } from '../run-deadlines/orders-worker';
import { stripeWebhooksDisabled, webhookSignatureInvalid } from './receive-stripe-webhook.errors';

export interface WebhookReceipt {
  received: true;
  /** What happened: recorded for the worker, already known, or not ours to act on. */
  outcome: 'recorded' | 'duplicate' | 'ignored';
}

/**
 * Takes one Stripe webhook: checks its signature over the raw bytes, translates it into a
 * payment event and records it in the `payment_events` inbox (once per Stripe event id). The
 * worker applies it to the order later, like every other payment event; answering 200 only
 * says "stored", so Stripe stops retrying.
 */
@Injectable()
export class ReceiveStripeWebhookHandler {
  private readonly log = new Logger(ReceiveStripeWebhookHandler.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(PAYMENT_EVENT_SINK) private readonly sink: PaymentEventSink,
    private readonly worker: OrdersWorker,
  ) {}

  async receive(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<WebhookReceipt> {
    if (!(this.payments instanceof StripePaymentProvider)) throw stripeWebhooksDisabled();
    const { webhooks } = this.payments;
    let event;
    try {
      event = webhooks.verify(rawBody ?? Buffer.alloc(0), signature);
    } catch {
      throw webhookSignatureInvalid();
    }
    let mapped;
    try {
      mapped = await webhooks.toPaymentEvent(event);
    } catch (err) {
      // Stripe could not be asked about the object: answer 503 so Stripe delivers it again.
      this.log.warn(`${event.type} ${event.id}: re-reading from Stripe failed`);
      throw new AppError(
        'ORDERS.PAYMENTS_UNREACHABLE',
        'The payment processor could not be reached. The event will be delivered again.',
        'unavailable',
        { cause: (err as Error)?.name },
      );
    }
    if (!mapped) return { received: true, outcome: 'ignored' };
    const stored = await this.sink.record(mapped);
    if (stored) this.worker.wake();
    return { received: true, outcome: stored ? 'recorded' : 'duplicate' };
  }
}
