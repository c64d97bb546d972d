/**
 * The payment port: what the escrow use cases need from a card processor, implemented by the
 * simulated processor (`payments/simulated/`, the embedded default) and Stripe Connect
 * (`payments/stripe/`, separate charges and transfers). Amounts are integer euro cents.
 *
 * Why this shape (design of the payment events path):
 * - A processor answers a create call at once, but the *outcome* of a payment, refund or
 *   transfer reversal is only trusted when it arrives as a `PaymentEvent`. The order never
 *   becomes `paid` because a request handler saw `status: 'succeeded'`.
 * - Both adapters' events reach the same inbox: Stripe's webhook controller verifies the
 *   signature over the raw body, maps the Stripe event to a `PaymentEvent` and records it
 *   (`PaymentEventSink.record(event)`); the simulated processor hands the event it decided on
 *   back to its caller (`reported`, due a moment later), who records it in its own transaction.
 * - Recording inserts the event into the `payment_events` inbox table, unique by
 *   (provider, eventId), so duplicates are dropped there. The orders worker claims due rows
 *   with `FOR UPDATE SKIP LOCKED` and applies each to its order in one transaction with the
 *   state change, ledger postings and outbox events (`escrow/apply-payment-event/`). Events
 *   may arrive in any order: applying one checks the order's current state and ignores what
 *   no longer applies (e.g. `payment.failed` after `payment.succeeded`).
 * - Every create call carries an idempotency key (`order:<id>:pay`, `order:<id>:release`,
 *   `order:<id>:refund:<n>`), so a retry after a crash never moves money twice.
 */

export type PaymentsProvider = 'simulated' | 'stripe';

/** The test card form of the simulated processor; never stored or logged. */
export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CreatePaymentInput {
  orderId: string;
  amountCents: number;
  currency: 'eur';
  /** Stripe `transfer_group`: the order id, so the later transfer is linked to the charge. */
  transferGroup: string;
  /** `order:<id>:pay` (one PaymentIntent per order; a retry returns the same one). */
  idempotencyKey: string;
  /** Simulated processor only. */
  card?: CardDetails;
  /** Stripe only: a PaymentMethod already collected by the Payment Element. */
  paymentMethodId?: string;
  buyerId: string;
}

/** Takes up a payment the order already has, instead of starting a second one. */
export interface ResumePaymentInput {
  orderId: string;
  paymentId: string;
  amountCents: number;
  /** Loadout last heard that this payment's attempt failed (the buyer tries again). */
  failed: boolean;
  /** Simulated processor only. */
  card?: CardDetails;
  /** Stripe only: a new PaymentMethod to confirm the same PaymentIntent with. */
  paymentMethodId?: string;
  /** `order:<id>:pay:<n>`, for a confirm call. */
  idempotencyKey: string;
}

export type PaymentStatus = 'processing' | 'succeeded' | 'failed';

export interface PaymentResult {
  /** Processor id (Stripe PaymentIntent id, `sim_pi_…`). */
  paymentId: string;
  /** Informational: the order changes only on the matching PaymentEvent. */
  status: PaymentStatus;
  /** `card_declined`, `insufficient_funds`, `invalid_card` … when known at once. */
  failureCode?: string;
  failureMessage?: string;
  /** Stripe: the browser confirms the PaymentIntent with it. */
  clientSecret?: string;
  /**
   * The simulated processor has no webhooks: it hands the events its answer implies back to the
   * caller, who records them in the inbox in the same transaction as the order's update. (A
   * second connection for them, while the order's transaction holds one, ran the pool dry and
   * stalled every payment once 20 were in flight: `npm run bench:orders -- --orders 50`.)
   */
  reported?: ReportedPaymentEvent[];
}

export interface ReportedPaymentEvent {
  event: PaymentEvent;
  /** When the worker may apply it (the simulated processor's delay). */
  availableAt: Date;
}

export interface RefundInput {
  orderId: string;
  paymentId: string;
  /**
   * What Loadout returns: the rest of the payment. A processor with refunds made elsewhere
   * (Stripe's dashboard) refunds what is left on the charge, which is less by those.
   */
  amountCents: number;
  /**
   * Refund exactly `amountCents` (a dispute's partial refund) rather than what is left on the
   * charge.
   */
  exact?: boolean;
  /** `order:<id>:refund:<n>`. */
  idempotencyKey: string;
}

export interface RefundResult {
  /** null when nothing was left to refund (it all went back elsewhere). */
  refundId: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  /** Why a refund failed at once (Stripe `failure_reason`). */
  failureReason?: string;
  /** The simulated processor's refund event, for the caller to record (see PaymentResult). */
  reported?: ReportedPaymentEvent[];
}

export interface TransferInput {
  orderId: string;
  /** The charge the transfer is funded from (Stripe `source_transaction`). */
  paymentId: string;
  sellerAccountId: string;
  amountCents: number;
  /** `order:<id>:release`. */
  idempotencyKey: string;
}

export interface TransferResult {
  transferId: string;
}

export interface ReverseTransferInput {
  orderId: string;
  transferId: string;
  amountCents: number;
  /** `order:<id>:reverse:<transferId>:<cents reversed after it>`. */
  idempotencyKey: string;
}

export type PayoutAccountState = 'not_started' | 'pending' | 'complete';

export interface PayoutAccount {
  /** Processor account id (Stripe `acct_…`, `sim_acct_…`). */
  accountId: string;
  status: PayoutAccountState;
}

export interface PaymentProvider {
  readonly name: PaymentsProvider;
  /** Shown in the browser as "Test mode — no real money moves". */
  readonly testMode: boolean;
  /** Publishable key for the browser (Stripe only). */
  readonly publishableKey?: string;

  createPayment(input: CreatePaymentInput): Promise<PaymentResult>;
  /**
   * The order's existing payment, resumed (confirmed with a new method where one is given):
   * its state and client secret; null when it can no longer pay (cancelled, failed for good),
   * so the caller creates a new one. One order, one open payment: no second charge.
   */
  resumePayment(input: ResumePaymentInput): Promise<PaymentResult | null>;
  /** Cancels a payment that must not charge any more; nothing when it already ended. */
  cancelPayment(input: { paymentId: string; idempotencyKey: string }): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
  transferToSeller(input: TransferInput): Promise<TransferResult>;
  /** Takes `amountCents` of a transfer back from the seller's account (Stripe `createReversal`). */
  reverseTransfer(input: ReverseTransferInput): Promise<{ reversalId: string }>;

  /** Seller onboarding (Stripe Connect Express). */
  createPayoutAccount(input: { userId: string; email?: string }): Promise<PayoutAccount>;
  /** Where to send the seller to finish onboarding; null when nothing is left to do. */
  onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string | null>;
  payoutAccountStatus(accountId: string): Promise<PayoutAccountState>;
}

/** Nest injection token of the configured adapter. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/**
 * Internal payment events, the same from both adapters. `eventId` is the processor's event
 * id (Stripe `evt_…`) and is unique per provider; `occurredAt` lets a consumer order what
 * it cannot re-read.
 */
interface PaymentEventBase {
  provider: PaymentsProvider;
  eventId: string;
  occurredAt: string;
  /** Order the event is about (PaymentIntent metadata / transfer group); null for accounts. */
  orderId: string | null;
}

export type PaymentEvent =
  | (PaymentEventBase & {
      type: 'payment.succeeded';
      paymentId: string;
      amountCents: number;
      /** Stripe charge id, the `source_transaction` of the later transfer. */
      chargeId?: string;
    })
  | (PaymentEventBase & {
      type: 'payment.failed';
      paymentId: string;
      failureCode: string;
      failureMessage: string;
    })
  | (PaymentEventBase & {
      type: 'refund.succeeded';
      paymentId: string;
      refundId: string;
      /** Cumulative cents refunded on the charge (a late event never lowers it). */
      amountCents: number;
      /** The refunded charge (Stripe `ch_…`), when known. */
      chargeId?: string;
    })
  | (PaymentEventBase & {
      /**
       * A refund Loadout asked for failed or was canceled at the processor (Stripe
       * `refund.failed`, `charge.refund.updated` failed/canceled): the money is held again and
       * the refund is retried (ADR 0042). Once per `refundId`.
       */
      type: 'refund.failed';
      paymentId: string;
      refundId: string;
      /** This refund's amount (not cumulative). */
      amountCents: number;
      chargeId?: string;
      /** The processor's reason (`expired_or_canceled_card`, `canceled` …). */
      reason: string;
    })
  | (PaymentEventBase & { type: 'transfer.reversed'; transferId: string; amountCents: number })
  | (PaymentEventBase & {
      type: 'account.updated';
      accountId: string;
      status: PayoutAccountState;
      /**
       * When `status` was read from the processor (the snapshot's version; events recorded
       * before it existed use `occurredAt`).
       */
      observedAt?: string;
    })
  | (PaymentEventBase & {
      type: 'dispute.created';
      paymentId: string;
      disputeId: string;
      amountCents: number;
      reason: string;
    })
  | (PaymentEventBase & {
      type: 'dispute.closed';
      paymentId: string;
      disputeId: string;
      amountCents: number;
      /** Stripe dispute status at closing: `won`, `lost`, `warning_closed` … */
      status: string;
      /** The network's fee taken with a lost dispute (cents), when the processor says. */
      feeCents?: number;
    })
  | (PaymentEventBase & {
      type: 'payout.failed';
      accountId: string;
      payoutId: string;
      amountCents: number;
      failureCode: string;
    })
  | (PaymentEventBase & {
      /** A payout reached the seller's bank (Connect): it ends an older failure (ADR 0049). */
      type: 'payout.paid';
      accountId: string;
      payoutId: string;
      amountCents: number;
    });

export type PaymentEventType = PaymentEvent['type'];

/**
 * Where adapters (webhook controller, simulated processor) hand their events. Recording is
 * idempotent by (provider, eventId): `false` when the event was already known.
 */
export interface PaymentEventSink {
  record(event: PaymentEvent, options?: { availableAt?: Date }): Promise<boolean>;
}

export const PAYMENT_EVENT_SINK = Symbol('PAYMENT_EVENT_SINK');
