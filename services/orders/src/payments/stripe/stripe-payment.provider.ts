import type Stripe from 'stripe';
import {
  type CreatePaymentInput,
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
import { accountState } from './stripe-account-state';
import { createStripeClient, type StripeSettings } from './stripe-client';
import { StripeWebhooks } from './stripe-webhooks';

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

/** What the port reports for a PaymentIntent; the order still waits for the webhook. */
export function paymentResultOf(pi: Stripe.PaymentIntent): PaymentResult {
  const base = { paymentId: pi.id, clientSecret: pi.client_secret ?? undefined };
  if (pi.status === 'succeeded') return { ...base, status: 'succeeded' };
  const error = pi.last_payment_error;
  if (pi.status === 'canceled' || (pi.status === 'requires_payment_method' && error))
    return {
      ...base,
      status: 'failed',
      failureCode: error?.decline_code ?? error?.code ?? 'payment_failed',
      failureMessage: error?.message ?? 'The payment failed. Try another card.',
    };
  return { ...base, status: 'processing' };
}

/** A decline on confirm is an answer, not an outage: the buyer may try another card. */
function declined(err: unknown, paymentId: string): PaymentResult {
  const e = err as Stripe.errors.StripeError;
  if (e?.type !== 'StripeCardError') throw err;
  return {
    paymentId: e.payment_intent?.id ?? paymentId,
    status: 'failed',
    failureCode: e.decline_code ?? e.code ?? 'card_declined',
    failureMessage: e.message || 'Your card was declined. Try another card.',
  };
}

/**
 * Stripe Connect, separate charges and transfers (docs/domain.md "Payments (Stripe design)"):
 * the buyer pays a PaymentIntent on the platform account, grouped by order id; the release is
 * a Transfer funded by that charge; refunds go back against the PaymentIntent. Every create
 * call carries the port's idempotency key, so a retry returns the first object. Keys and
 * client secrets are never logged: this class logs nothing.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;
  readonly publishableKey: string;
  readonly stripe: Stripe;
  readonly webhooks: StripeWebhooks;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = createStripeClient(settings);
    this.testMode = /^(sk|rk)_test_/.test(settings.secretKey);
    this.publishableKey = settings.publishableKey;
    this.webhooks = new StripeWebhooks(this.stripe, [
      settings.webhookSecret,
      ...(settings.connectWebhookSecret ? [settings.connectWebhookSecret] : []),
    ]);
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountCents,
      currency: input.currency,
      transfer_group: input.transferGroup,
      // Card only (issue 23 scenario 10): a delayed method such as SEPA debit stays `processing`
      // for days, past the pay-by deadline, and the order would expire and refund at a loss.
      // API 2026-10-28.endive (our SDK's) no longer takes `payment_method_types`: this is its
      // replacement, exclusive with `automatic_payment_methods`.
      allowed_payment_method_types: ['card'],
      metadata: { order_id: input.orderId, buyer_id: input.buyerId },
    };
    if (input.paymentMethodId) {
      // The Payment Element collected the method: confirm now; 3-D Secure and other
      // redirecting methods come back to the success page.
      params.payment_method = input.paymentMethodId;
      params.confirm = true;
      params.return_url = this.returnUrl(input.orderId);
    }
    try {
      const pi = await this.stripe.paymentIntents.create(params, {
        idempotencyKey: input.idempotencyKey,
      });
      return paymentResultOf(pi);
    } catch (err) {
      return declined(err, `declined:${input.idempotencyKey}`);
    }
  }

  /**
   * The order's PaymentIntent again: a buyer who reloads checkout or comes back from an
   * abandoned 3-D Secure gets its client secret; a new card after a decline confirms the same
   * intent. Null once it is cancelled: only then does the order get a new one.
   */
  async resumePayment(input: ResumePaymentInput): Promise<PaymentResult | null> {
    const pi = await this.stripe.paymentIntents.retrieve(input.paymentId);
    switch (pi.status) {
      case 'canceled':
        return null;
      case 'requires_payment_method':
      case 'requires_confirmation': {
        if (!input.paymentMethodId)
          return {
            paymentId: pi.id,
            status: 'processing',
            clientSecret: pi.client_secret ?? undefined,
          };
        try {
          const confirmed = await this.stripe.paymentIntents.confirm(
            pi.id,
            { payment_method: input.paymentMethodId, return_url: this.returnUrl(input.orderId) },
            { idempotencyKey: input.idempotencyKey },
          );
          return paymentResultOf(confirmed);
        } catch (err) {
          return declined(err, pi.id);
        }
      }
      case 'processing':
      case 'requires_action':
      case 'requires_capture':
      case 'succeeded':
        // Under way or done: the webhook decides; the browser may continue (3-D Secure).
        return paymentResultOf(pi);
    }
    return paymentResultOf(pi);
  }

  async cancelPayment(input: { paymentId: string; idempotencyKey: string }): Promise<void> {
    if (!input.paymentId.startsWith('pi_')) return;
    try {
      await this.stripe.paymentIntents.cancel(
        input.paymentId,
        {},
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (err) {
      // Already cancelled, or it succeeded meanwhile: its success is refunded as a stray.
      if ((err as Stripe.errors.StripeError)?.code !== 'payment_intent_unexpected_state') throw err;
    }
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    // The port passes the PaymentIntent; an older order may only know its charge.
    const target = input.paymentId.startsWith('pi_')
      ? { payment_intent: input.paymentId }
      : { charge: input.paymentId };
    // No `amount` (unless `exact`, a dispute's partial refund): Stripe refunds what is left on the charge. Loadout only ever returns the
    // rest of a payment, and part of it may already have gone back from the dashboard in a
    // `charge.refunded` not yet applied: asking for the whole total would then be refused on
    // every retry. The parameters never change between retries, so the key stays valid.
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        {
          ...target,
          ...(input.exact ? { amount: input.amountCents } : {}),
          metadata: { order_id: input.orderId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (err) {
      // Everything already went back (from the dashboard): nothing is left to refund.
      if ((err as Stripe.errors.StripeError)?.code === 'charge_already_refunded')
        return { refundId: null, status: 'succeeded' };
      throw err;
    }
    const status =
      refund.status === 'succeeded'
        ? 'succeeded'
        : refund.status === 'failed' || refund.status === 'canceled'
          ? 'failed'
          : 'pending';
    return {
      refundId: refund.id,
      status,
      ...(status === 'failed'
        ? { failureReason: String(refund.failure_reason ?? refund.status ?? 'failed') }
        : {}),
    };
  }

  async transferToSeller(input: TransferInput): Promise<TransferResult> {
    const transfer = await this.stripe.transfers.create(
      {
        amount: input.amountCents,
        currency: 'eur',
        destination: input.sellerAccountId,
        transfer_group: input.orderId,
        // Funded by the buyer's charge: the transfer waits for its funds instead of failing
        // on an empty platform balance.
        source_transaction: await this.chargeOf(input.paymentId),
        metadata: { order_id: input.orderId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { transferId: transfer.id };
  }

  async reverseTransfer(input: ReverseTransferInput): Promise<{ reversalId: string }> {
    const reversal = await this.stripe.transfers.createReversal(
      input.transferId,
      { amount: input.amountCents, metadata: { order_id: input.orderId } },
      { idempotencyKey: input.idempotencyKey },
    );
    return { reversalId: reversal.id };
  }

  async createPayoutAccount(input: { userId: string; email?: string }): Promise<PayoutAccount> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: 'IE',
        ...(input.email && { email: input.email }),
        capabilities: { transfers: { requested: true } },
        metadata: { user_id: input.userId },
      },
      { idempotencyKey: `seller:${input.userId}:payout-account` },
    );
    return { accountId: account.id, status: accountState(account) };
  }

  async onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string | null> {
    if ((await this.payoutAccountStatus(input.accountId)) === 'complete') return null;
    const link = await this.stripe.accountLinks.create({
      account: input.accountId,
      type: 'account_onboarding',
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
    });
    return link.url;
  }

  async payoutAccountStatus(accountId: string): Promise<PayoutAccountState> {
    return accountState(await this.stripe.accounts.retrieve(accountId));
  }

  /** The charge behind a payment: a PaymentIntent's `latest_charge`, or the charge itself. */
  private async chargeOf(paymentId: string): Promise<string> {
    if (!paymentId.startsWith('pi_')) return paymentId;
    const pi = await this.stripe.paymentIntents.retrieve(paymentId);
    const charge = idOf(pi.latest_charge);
    if (!charge || pi.status !== 'succeeded')
      throw new Error(`PaymentIntent ${pi.id} has no successful charge to transfer from`);
    return charge;
  }

  private returnUrl(orderId: string): string {
    const origin = this.settings.publicUrl.replace(/\/$/, '');
    return `${origin}/purchase-success?order=${encodeURIComponent(orderId)}`;
  }
}
