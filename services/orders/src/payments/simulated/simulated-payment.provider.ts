import { createHash } from 'node:crypto';
import { newId } from '@loadout/db';
import {
  type CreatePaymentInput,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentResult,
  type PayoutAccount,
  type PayoutAccountState,
  type RefundInput,
  type ReverseTransferInput,
  type ResumePaymentInput,
  type RefundResult,
  type TransferInput,
  type TransferResult,
} from '../payment-provider.port';
import { cardOutcome, TEST_CARDS } from './test-cards';

/** Payments whose refunds fail (made with `TEST_CARDS.refundFails`). */
const REFUNDS_FAIL_PREFIX = 'sim_pirf';

/** Ids derived from the idempotency key: a retried call answers with the same object. */
const idFor = (prefix: string, key: string) =>
  `${prefix}_${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;

/**
 * The embedded default: a card processor that moves no money. It decides a test card's fate
 * at once but reports it the way a real processor does, as a payment event recorded in the
 * inbox (by the caller, in its transaction) and applied later by the worker (`delayMs` after
 * the call).
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = 'simulated' as const;
  readonly testMode = true;

  constructor(private readonly delayMs: number) {}

  createPayment(input: CreatePaymentInput): Promise<PaymentResult> {
    // A payment made with the refund-fails card says so in its id: its refunds fail.
    const refundsFail =
      input.card !== undefined &&
      cardOutcome(input.card).kind === 'succeeds' &&
      input.card.cardNumber.replace(/[\s-]/g, '') === TEST_CARDS.refundFails;
    const paymentId = idFor(refundsFail ? REFUNDS_FAIL_PREFIX : 'sim_pi', input.idempotencyKey);
    if (!input.card)
      return Promise.resolve({
        paymentId,
        status: 'failed',
        failureCode: 'invalid_card',
        failureMessage: 'Enter the card details.',
      });
    const outcome = cardOutcome(input.card);
    const base = {
      provider: this.name,
      eventId: idFor('sim_evt', `${input.idempotencyKey}:result`),
      occurredAt: new Date().toISOString(),
      orderId: input.orderId,
      paymentId,
    };
    const event: PaymentEvent =
      outcome.kind === 'succeeds'
        ? {
            ...base,
            type: 'payment.succeeded',
            amountCents: input.amountCents,
            chargeId: paymentId,
          }
        : {
            ...base,
            type: 'payment.failed',
            failureCode: outcome.failureCode,
            failureMessage: outcome.message,
          };
    // Recorded by the caller in its transaction (see PaymentResult.reported).
    return Promise.resolve({
      paymentId,
      status: 'processing',
      reported: [{ event, availableAt: this.later() }],
    });
  }

  /**
   * A test card's fate is decided at once: a failed payment is final (the buyer's next card is
   * a new payment); one still processing is answered again, without a second charge.
   */
  resumePayment(input: ResumePaymentInput): Promise<PaymentResult | null> {
    return Promise.resolve(
      input.failed ? null : { paymentId: input.paymentId, status: 'processing' as const },
    );
  }

  /** Nothing to cancel: a simulated payment is decided when it is made. */
  cancelPayment(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * Reports the refund's outcome like a processor's later event: succeeded (its amount taken
   * as the charge's cumulative refund), or failed for a payment made with the refund-fails
   * card (each retry is a new refund, with its own key, that fails again).
   */
  refund(input: RefundInput): Promise<RefundResult> {
    const refundId = idFor('sim_re', input.idempotencyKey);
    const base = {
      provider: this.name,
      eventId: idFor('sim_evt', `${input.idempotencyKey}:refund`),
      occurredAt: new Date().toISOString(),
      orderId: input.orderId,
      paymentId: input.paymentId,
      refundId,
      amountCents: input.amountCents,
    };
    const event: PaymentEvent = input.paymentId.startsWith(`${REFUNDS_FAIL_PREFIX}_`)
      ? { ...base, type: 'refund.failed', reason: 'expired_or_canceled_card' }
      : { ...base, type: 'refund.succeeded' };
    // Recorded by the caller in its transaction, like a payment's (see PaymentResult.reported).
    return Promise.resolve({
      refundId,
      status: 'pending',
      reported: [{ event, availableAt: this.later() }],
    });
  }

  transferToSeller(input: TransferInput): Promise<TransferResult> {
    return Promise.resolve({ transferId: idFor('sim_tr', input.idempotencyKey) });
  }

  reverseTransfer(input: ReverseTransferInput): Promise<{ reversalId: string }> {
    return Promise.resolve({ reversalId: idFor('sim_trr', input.idempotencyKey) });
  }

  /** Simulated onboarding completes on request: there is nothing to verify. */
  createPayoutAccount(): Promise<PayoutAccount> {
    return Promise.resolve({ accountId: `sim_acct_${newId()}`, status: 'complete' });
  }

  onboardingLink(): Promise<string | null> {
    return Promise.resolve(null);
  }

  payoutAccountStatus(): Promise<PayoutAccountState> {
    return Promise.resolve('complete');
  }

  private later(): Date {
    return new Date(Date.now() + this.delayMs);
  }
}
