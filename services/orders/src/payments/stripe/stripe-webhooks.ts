import type Stripe from 'stripe';
import { type PaymentEvent } from '../payment-provider.port';
import { accountState } from './stripe-account-state';

/** Stripe's own default: a signed event older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type Ref = string | { id: string } | null | undefined;
const idOf = (ref: Ref): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

/** The Stripe events the escrow acts on; every other type is acknowledged and ignored. */
const HANDLED = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.closed',
  'account.updated',
  'transfer.reversed',
  'payout.failed',
  'payout.paid',
] as const;
type HandledEvent = Extract<Stripe.Event, { type: (typeof HANDLED)[number] }>;
const isHandled = (event: Stripe.Event): event is HandledEvent =>
  (HANDLED as readonly string[]).includes(event.type);

/** Order ids are nanoids; anything else in metadata is not ours. */
const ORDER_ID = /^[A-Za-z0-9_-]{1,21}$/;
const orderIdFrom = (...candidates: (string | null | undefined)[]): string | null =>
  candidates.find((c): c is string => !!c && ORDER_ID.test(c)) ?? null;

/**
 * Verifies Stripe webhooks and translates them into the port's `PaymentEvent`s. Where the
 * order of arrival matters the object is re-read from Stripe, so a late or repeated event
 * is judged by the object's state now, not by what it carried when it was sent.
 */
export class StripeWebhooks {
  /**
   * `secrets`: the platform endpoint's, then the Connect endpoint's when Stripe sends
   * connected accounts' events to one of their own (issue 23 scenario 8).
   */
  constructor(
    private readonly stripe: Stripe,
    private readonly secrets: readonly string[],
  ) {}

  /**
   * Throws when the signature matches the raw bytes under none of the secrets, or the
   * timestamp is stale.
   */
  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('No Stripe-Signature header');
    let failure: unknown = new Error('No webhook secret configured');
    for (const secret of this.secrets) {
      try {
        return this.stripe.webhooks.constructEvent(
          rawBody,
          signature,
          secret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (err) {
        failure = err;
      }
    }
    throw failure;
  }

  /** The internal event, or null for a type we ignore or an event the object has outgrown. */
  async toPaymentEvent(event: Stripe.Event): Promise<PaymentEvent | null> {
    if (!isHandled(event)) return null;
    const base = {
      provider: 'stripe' as const,
      eventId: event.id,
      occurredAt: new Date(event.created * 1000).toISOString(),
    };
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        // A failure of an earlier attempt may arrive after the success of a later one (and
        // the reverse): what counts is the PaymentIntent's status now.
        const pi = await this.stripe.paymentIntents.retrieve(event.data.object.id);
        const orderId = orderIdFrom(pi.metadata?.order_id, pi.transfer_group);
        if (pi.status === 'succeeded')
          return {
            ...base,
            type: 'payment.succeeded',
            orderId,
            paymentId: pi.id,
            amountCents: pi.amount_received || pi.amount,
            chargeId: idOf(pi.latest_charge) ?? undefined,
          };
        if (pi.status === 'requires_payment_method' || pi.status === 'canceled') {
          const error = pi.last_payment_error ?? event.data.object.last_payment_error;
          if (!error && pi.status !== 'canceled') return null;
          return {
            ...base,
            type: 'payment.failed',
            orderId,
            paymentId: pi.id,
            failureCode: error?.decline_code ?? error?.code ?? 'payment_failed',
            failureMessage: error?.message ?? 'The payment failed. Try another card.',
          };
        }
        // processing / requires_action: a newer attempt is under way; its own event follows.
        return null;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentId = idOf(charge.payment_intent) ?? charge.id;
        // The charge as it is now, not as the event carried it (ADR 0049): a stale or replayed
        // body (a refund that failed since) must not confirm a refund early.
        const now = await this.stripe.charges.retrieve(charge.id);
        return {
          ...base,
          type: 'refund.succeeded',
          orderId: await this.orderOf(paymentId, charge.metadata?.order_id, charge.transfer_group),
          paymentId,
          chargeId: charge.id,
          refundId: idOf(charge.refunds?.data?.[0]) ?? `${charge.id}:${now.amount_refunded}`,
          // Cumulative, so a late event never lowers what was refunded.
          amountCents: now.amount_refunded,
        };
      }
      case 'charge.refund.updated':
      case 'refund.failed': {
        // One refund's state (ADR 0042): failed or canceled → its money is held again and
        // retried; succeeded → what the charge has refunded in all now (a re-read: a refund
        // that failed meanwhile no longer counts) confirms Loadout's pending refunds.
        const refund = event.data.object;
        const paymentId = idOf(refund.payment_intent) ?? idOf(refund.charge) ?? '';
        const chargeId = idOf(refund.charge) ?? undefined;
        const orderId = await this.orderOf(paymentId, refund.metadata?.order_id);
        if (
          event.type === 'refund.failed' ||
          refund.status === 'failed' ||
          refund.status === 'canceled'
        )
          return {
            ...base,
            type: 'refund.failed',
            orderId,
            paymentId,
            chargeId,
            refundId: refund.id,
            amountCents: refund.amount,
            reason: refund.failure_reason ?? refund.status ?? 'failed',
          };
        if (refund.status !== 'succeeded' || !chargeId) return null;
        const charge = await this.stripe.charges.retrieve(chargeId);
        return {
          ...base,
          type: 'refund.succeeded',
          orderId,
          paymentId,
          chargeId,
          refundId: refund.id,
          amountCents: charge.amount_refunded,
        };
      }
      case 'charge.dispute.created':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const paymentId = idOf(dispute.payment_intent) ?? idOf(dispute.charge) ?? '';
        const common = {
          ...base,
          orderId: await this.orderOf(paymentId, dispute.metadata?.order_id),
          paymentId,
          disputeId: dispute.id,
          amountCents: dispute.amount,
        };
        return event.type === 'charge.dispute.created'
          ? { ...common, type: 'dispute.created', reason: dispute.reason }
          : {
              ...common,
              type: 'dispute.closed',
              status: dispute.status,
              feeCents: disputeFee(dispute),
            };
      }
      case 'account.updated': {
        // Updates arrive in any order; the account as it is now decides.
        const account = await this.stripe.accounts.retrieve(event.data.object.id);
        return {
          ...base,
          type: 'account.updated',
          orderId: null,
          accountId: account.id,
          status: accountState(account),
          // The snapshot's version: an older one never overwrites a newer (issue 23 sc. 8).
          observedAt: new Date().toISOString(),
        };
      }
      case 'transfer.reversed': {
        const transfer = event.data.object;
        return {
          ...base,
          type: 'transfer.reversed',
          orderId: orderIdFrom(transfer.metadata?.order_id, transfer.transfer_group),
          transferId: transfer.id,
          amountCents: transfer.amount_reversed,
        };
      }
      case 'payout.failed': {
        const payout = event.data.object;
        return {
          ...base,
          type: 'payout.failed',
          orderId: null,
          accountId: event.account ?? '',
          payoutId: payout.id,
          amountCents: payout.amount,
          failureCode: payout.failure_code ?? 'payout_failed',
        };
      }
      case 'payout.paid': {
        const payout = event.data.object;
        return {
          ...base,
          type: 'payout.paid',
          orderId: null,
          accountId: event.account ?? '',
          payoutId: payout.id,
          amountCents: payout.amount,
        };
      }
    }
  }

  /** An order id from the object itself, else from its PaymentIntent's metadata. */
  private async orderOf(
    paymentId: string,
    ...candidates: (string | null | undefined)[]
  ): Promise<string | null> {
    const known = orderIdFrom(...candidates);
    if (known || !paymentId.startsWith('pi_')) return known;
    const pi = await this.stripe.paymentIntents.retrieve(paymentId);
    return orderIdFrom(pi.metadata?.order_id, pi.transfer_group);
  }
}

/** The fees of a dispute's balance transactions (Stripe's chargeback fee), when it lists them. */
function disputeFee(dispute: Stripe.Dispute): number | undefined {
  const txs = dispute.balance_transactions ?? [];
  return txs.length > 0 ? txs.reduce((sum, t) => sum + (t.fee ?? 0), 0) : undefined;
}
