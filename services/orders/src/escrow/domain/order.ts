import {
  type DeliveryAddress,
  type DeliveryOption,
  type EventPayloads,
  type IrishCounty,
  type OrderActor,
  type OrderAmounts,
  type OrderFactsV1,
  type OrderStatus,
  type SellerType,
} from '@loadout/contracts';
import {
  jobsOnCreate,
  jobsOnPaid,
  jobsOnShipped,
  type DeadlineKind,
  type DeadlineRules,
} from './deadlines';
import { decideExternalRefund } from './external-refund';
import { type JobsChange, type NewJob } from './jobs';
import {
  chargebackEntry,
  refundAskedEntry,
  refundConfirmedEntry,
  refundFailedEntry,
  reversalEntry,
  transferEntry,
  withheldEntry,
  partialReleaseEntry,
  paymentEntry,
  refundEntry,
  releaseEntry,
  strayPaymentEntry,
  type LedgerEntry,
} from './ledger';
import { actorOf, MONEY_HELD_STATES, nextStatus } from './order-state';
import { paymentInProgress } from './order.errors';

export type ChargebackStatus = 'open' | 'won' | 'lost';

/** A partial refund's split of the total (computed by `disputes/domain/partial-refund.ts`). */
export interface RefundSplit {
  refundCents: number;
  sellerCents: number;
  platformFeeCents: number;
}

/** How a dispute settled, for the order to move the money (`disputes/domain`). */
export interface DisputeSettlement {
  kind: 'release' | 'full_refund' | 'partial_refund';
  refundCents: number;
  decidedBy: OrderActor;
  /** The dispute's id: names the partial refund (`order:<id>:refund:dispute:<ref>`). */
  ref: string;
  note: string | null;
  /** A full refund after the item went back to the seller: the listing may be sold again. */
  itemReturned?: boolean;
}

/** Everything an order is; amounts in integer euro cents. */
export interface OrderProps {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  status: OrderStatus;
  delivery: DeliveryOption;
  itemCents: number;
  postageCents: number;
  feeCents: number;
  totalCents: number;
  sellerReceivesCents: number;
  /** What the buyer saw at checkout; a later edit of the listing changes nothing here. */
  listingTitle: string;
  listingPhotoUrl: string | null;
  sellerDisplayName: string;
  sellerType: SellerType;
  /** Post: the buyer's address as given at checkout (ADR 0029); null for collection. */
  deliveryAddress: DeliveryAddress | null;
  /** Collection: the listing's county at checkout, when it named one. */
  collectionCounty: IrishCounty | null;
  carrier: string | null;
  trackingNumber: string | null;
  handedOverInPerson: boolean;
  cancelReason: string | null;
  paymentId: string | null;
  chargeId: string | null;
  lastPaymentErrorCode: string | null;
  lastPaymentErrorMessage: string | null;
  refundedCents: number;
  /**
   * Refunds Loadout asked the processor for and it has not confirmed yet (the ledger's
   * `refund_pending` of the order, ADR 0042).
   */
  refundPendingCents: number;
  /** What the processor confirmed refunded on the order's charge (its cumulative amount). */
  refundConfirmedCents: number;
  /** Refunds that failed, held in escrow again until the retry asks again. */
  refundDueCents: number;
  /** Failed refunds so far; names the retry (`retry:<n>`), parked at `MAX_REFUND_FAILURES`. */
  refundFailures: number;
  lastRefundError: string | null;
  /** Payment attempts so far; names the idempotency key of the next (`order:<id>:pay:<n>`). */
  paymentAttempts: number;
  /**
   * Set while a pay asks the processor for attempt `paymentAttempts` (no transaction is open
   * during that call, issue 23 sc. 5); cleared when its answer is recorded.
   */
  paymentStartedAt: Date | null;
  payBy: Date | null;
  shipBy: Date | null;
  autoReleaseAt: Date | null;
  paidAt: Date | null;
  shippedAt: Date | null;
  completedAt: Date | null;
  /** When it reached a final state other than completed (cancelled, expired, refunded). */
  closedAt: Date | null;
  /** While `disputed`: the state it returns to if the dispute ends without a settlement. */
  statusBeforeDispute: 'paid' | 'shipped' | null;
  /** A card chargeback: `open` freezes the money (no release, no transfer) until it closes. */
  chargebackStatus: ChargebackStatus | null;
  createdAt: Date;
  updatedAt: Date;
}

export type OrderTopic = Extract<keyof EventPayloads, `orders.order.${string}`>;
/** What an event carries beyond the order's facts (which every orders event has). */
export type OrderEventExtra<T extends OrderTopic> = Omit<EventPayloads[T], keyof OrderFactsV1>;
export type OrderDomainEvent = {
  [T in OrderTopic]: { type: T; extra: OrderEventExtra<T> };
}[OrderTopic];

export interface TimelineEntry {
  status: OrderStatus;
  actor: OrderActor;
  note: string | null;
  at: Date;
}

/**
 * The result of a transition, for the caller to save in one transaction: the new state, its
 * timeline rows, the ledger entries, what happens to its jobs and the events to append.
 */
export interface OrderChange {
  readonly order: Order;
  /** True for a new order (insert), false for a change of a stored one (update). */
  readonly isNew: boolean;
  readonly timeline: readonly TimelineEntry[];
  readonly ledger: readonly LedgerEntry[];
  readonly jobs: readonly JobsChange[];
  readonly events: readonly OrderDomainEvent[];
}

export interface Shipment {
  carrier: string | null;
  trackingNumber: string | null;
  handedOverInPerson: boolean;
}

export interface NewOrder {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  delivery: DeliveryOption;
  amounts: OrderAmounts;
  listingTitle: string;
  listingPhotoUrl: string | null;
  sellerDisplayName: string;
  sellerType: SellerType;
  /** Checked by `deliveryAddressFor`: present exactly for post. */
  deliveryAddress: DeliveryAddress | null;
  collectionCounty: IrishCounty | null;
}

export interface PaymentAttempt {
  /** The order with the attempt counted and marked in flight (saved before the call). */
  order: Order;
  /** The change that writes it (its own short transaction, before the processor is asked). */
  change: OrderChange;
  /** The attempt's number: its answer is recorded only while it is still the order's latest. */
  attempt: number;
  /** `order:<id>:pay` for the first attempt, `order:<id>:pay:<n>` after. */
  idempotencyKey: string;
  /**
   * The order's last payment, to be resumed rather than replaced (issue 23 scenario 2: a
   * second PaymentIntent could charge the buyer twice). `failed`: its last attempt failed.
   */
  open: { paymentId: string; failed: boolean } | null;
}

export interface ReportedPayment {
  paymentId: string;
  /** Stripe's charge id, the `source_transaction` of the later transfer. */
  chargeId?: string;
}

export interface ReportedSuccess extends ReportedPayment {
  /** What was charged; only the order's total pays the order. */
  amountCents: number;
}

/** What a refund reported by the processor did to the order. */
export interface RefundOutcome {
  change: OrderChange | null;
  /** Released or disputed money went back: recorded only (the disputes issue settles it). */
  notHeld: boolean;
}

const ESCROW_DEADLINES: DeadlineKind[] = [
  'expire_unpaid',
  'ship_by',
  'auto_release',
  'release_reminder',
];
const SHIP_BY_MISSED = 'The seller did not mark it shipped in time.';

const iso = (d: Date) => d.toISOString();

/**
 * The order aggregate: it owns its state changes. Each transition checks the state table
 * (`order-state.ts`: who may do what from which state) and returns an `OrderChange` (the new
 * order plus ledger entries, jobs and events), never touching a database; the caller saves
 * the change in one transaction on the locked order. Instances are immutable.
 */
export class Order {
  private constructor(private readonly p: Readonly<OrderProps>) {}

  /** An order as stored (mappers call this). */
  static restore(props: OrderProps): Order {
    return new Order({ ...props });
  }

  /** Checkout: `pending_payment`, with its pay-by deadline. */
  static create(input: NewOrder, now: Date, rules: DeadlineRules): OrderChange {
    const expiry = jobsOnCreate(now, rules);
    const order = new Order({
      id: input.id,
      listingId: input.listingId,
      buyerId: input.buyerId,
      sellerId: input.sellerId,
      status: 'pending_payment',
      delivery: input.delivery,
      ...input.amounts,
      listingTitle: input.listingTitle.slice(0, 120),
      listingPhotoUrl: input.listingPhotoUrl?.slice(0, 500) ?? null,
      sellerDisplayName: input.sellerDisplayName.slice(0, 120),
      sellerType: input.sellerType,
      deliveryAddress: input.delivery === 'post' ? input.deliveryAddress : null,
      collectionCounty: input.delivery === 'collection' ? input.collectionCounty : null,
      carrier: null,
      trackingNumber: null,
      handedOverInPerson: false,
      cancelReason: null,
      paymentId: null,
      chargeId: null,
      lastPaymentErrorCode: null,
      lastPaymentErrorMessage: null,
      refundedCents: 0,
      refundPendingCents: 0,
      refundConfirmedCents: 0,
      refundDueCents: 0,
      refundFailures: 0,
      lastRefundError: null,
      paymentAttempts: 0,
      paymentStartedAt: null,
      payBy: expiry[0]!.dueAt,
      shipBy: null,
      autoReleaseAt: null,
      paidAt: null,
      shippedAt: null,
      completedAt: null,
      closedAt: null,
      statusBeforeDispute: null,
      chargebackStatus: null,
      createdAt: now,
      updatedAt: now,
    });
    return {
      order,
      isNew: true,
      timeline: [{ status: 'pending_payment', actor: 'buyer', note: null, at: now }],
      ledger: [],
      jobs: [{ drop: [], add: expiry }],
      events: [{ type: 'orders.order.created.v1', extra: { payBy: iso(expiry[0]!.dueAt) } }],
    };
  }

  get props(): Readonly<OrderProps> {
    return this.p;
  }
  get id(): string {
    return this.p.id;
  }
  get status(): OrderStatus {
    return this.p.status;
  }
  get listingId(): string {
    return this.p.listingId;
  }
  get buyerId(): string {
    return this.p.buyerId;
  }
  get sellerId(): string {
    return this.p.sellerId;
  }

  get amounts(): OrderAmounts {
    const { itemCents, postageCents, feeCents, totalCents, sellerReceivesCents } = this.p;
    return { itemCents, postageCents, feeCents, totalCents, sellerReceivesCents };
  }

  /** Its money is held in escrow (the ledger check's held states). */
  private get holdsMoney(): boolean {
    return MONEY_HELD_STATES.includes(this.p.status);
  }

  /** What every orders event carries. */
  get facts(): OrderFactsV1 {
    return {
      orderId: this.p.id,
      listingId: this.p.listingId,
      buyerId: this.p.buyerId,
      sellerId: this.p.sellerId,
      listingTitle: this.p.listingTitle,
      delivery: this.p.delivery,
      ...this.amounts,
    };
  }

  /** Who a user is to this order; null = neither party nor admin (answer 404). */
  actorFor(user: { id: string; isAdmin: boolean }): OrderActor | null {
    return actorOf(this.p, user);
  }

  /**
   * The buyer starts (or resumes) a payment; the order stays `pending_payment`. A payment
   * already under way is handed back to be resumed: one order, one PaymentIntent at a time.
   * The attempt is saved before the processor is asked, with no transaction open during the
   * call (issue 23 sc. 5); while an attempt's call is in flight (at most
   * `PAYMENT_CALL_WINDOW_MS`, then it belongs to a request that died) another pay is refused.
   */
  beginPayment(actor: OrderActor, now: Date): PaymentAttempt {
    nextStatus(this.p.status, 'pay', actor);
    const started = this.p.paymentStartedAt;
    if (started && now.getTime() - started.getTime() < PAYMENT_CALL_WINDOW_MS)
      throw paymentInProgress();
    const n = this.p.paymentAttempts + 1;
    const order = this.with({ paymentAttempts: n, paymentStartedAt: now });
    return {
      order,
      change: this.changed(order, {}),
      attempt: n,
      idempotencyKey: n === 1 ? `order:${this.p.id}:pay` : `order:${this.p.id}:pay:${n}`,
      open: this.p.paymentId
        ? { paymentId: this.p.paymentId, failed: this.p.lastPaymentErrorCode !== null }
        : null,
    };
  }

  /**
   * The processor's first answer to attempt `attempt`, recorded on the order as it is now
   * (re-read after the call); only the payment's later event can make the order paid.
   * - Still pending and still the latest attempt: the payment becomes the order's (a new one
   *   in place of an earlier cancels the earlier: it must not charge later).
   * - Its own event was applied first (paid with this payment): nothing to add.
   * - Otherwise it is stale (the order was cancelled or expired meanwhile, or a later attempt
   *   took over): the payment is cancelled (a success of it would be refunded as a stray) and
   *   the buyer is told the order moved on.
   */
  paymentStarted(
    attempt: number,
    result: { paymentId: string; failure: { code: string; message: string } | null },
    now: Date,
  ): { change: OrderChange; stale: boolean } {
    const ours = this.p.paymentAttempts === attempt;
    const settled = ours ? { paymentStartedAt: null } : {};
    if (this.p.status === 'pending_payment' && ours) {
      const replaced = this.p.paymentId !== null && this.p.paymentId !== result.paymentId;
      const change = this.changed(
        this.with({
          paymentId: result.paymentId,
          lastPaymentErrorCode: result.failure?.code ?? null,
          lastPaymentErrorMessage: result.failure?.message ?? null,
          paymentStartedAt: null,
          updatedAt: now,
        }),
        { jobs: replaced ? [{ drop: [], add: [cancelPaymentJob(this.p.paymentId!, now)] }] : [] },
      );
      return { change, stale: false };
    }
    const recorded = result.paymentId === this.p.paymentId || result.paymentId === this.p.chargeId;
    return {
      change: this.changed(this.with(settled), {
        jobs: recorded ? [] : [{ drop: [], add: [cancelPaymentJob(result.paymentId, now)] }],
      }),
      stale: !(recorded && this.p.status !== 'pending_payment'),
    };
  }

  /** The processor could not be asked (attempt `attempt`): the order may be paid again at once. */
  paymentCallFailed(attempt: number): OrderChange | null {
    if (this.p.paymentAttempts !== attempt || this.p.paymentStartedAt === null) return null;
    return this.changed(this.with({ paymentStartedAt: null }), {});
  }

  /**
   * The processor reports a successful payment. The order's total on a pending order pays it;
   * on a cancelled or expired one it is booked and refunded at once. Any other success (a
   * second PaymentIntent, another amount) is a stray: refunded in full, never held. A repeat
   * of the recorded payment changes nothing.
   */
  paymentSucceeded(p: ReportedSuccess, now: Date, rules: DeadlineRules): OrderChange | null {
    const recorded = this.p.chargeId !== null;
    if (recorded && (p.paymentId === this.p.paymentId || p.paymentId === this.p.chargeId))
      return null;
    if (!recorded && p.amountCents === this.p.totalCents) {
      if (this.p.status === 'pending_payment') return this.markPaid(p, now, rules);
      if (this.p.status === 'cancelled' || this.p.status === 'expired')
        return this.refundLatePayment(p, now);
    }
    return this.strayPayment(p, now);
  }

  /**
   * A transfer to the seller was made (issue 23 scenario 6): `seller_payable → seller_paid`,
   * once per transfer id. Made after a lost chargeback (it was queued before), it is taken
   * back at once.
   */
  transferred(transferId: string, amountCents: number, now: Date): OrderChange {
    return this.changed(this.with({}), {
      ledger: [transferEntry(this.p.id, transferId, amountCents)],
      jobs:
        this.p.chargebackStatus === 'lost'
          ? [{ drop: [], add: [{ kind: 'reverse_transfer', dueAt: now, ref: transferId }] }]
          : [],
    });
  }

  /**
   * Is the seller's share still to be transferred? Not after a lost chargeback: the network
   * took the buyer's money back, so the share covers Loadout's loss instead (`withheld`).
   */
  transferWithheld(amountCents: number): OrderChange | null {
    if (this.p.chargebackStatus !== 'lost') return null;
    return this.changed(this.with({}), { ledger: [withheldEntry(this.p.id, amountCents)] });
  }

  /**
   * A transfer of this order was reversed up to `reversedCents` in all (the processor's
   * cumulative amount, or what Loadout's own reversal reached); `alreadyCents` of it is booked.
   * After a lost chargeback the money covers Loadout's loss (`platform_fees`); otherwise it is
   * owed to the seller again (`seller_payable`) until an admin decides. Null: nothing new.
   */
  transferReversed(
    t: { transferId: string; reversedCents: number; alreadyCents: number },
    now: Date,
  ): OrderChange | null {
    const delta = t.reversedCents - t.alreadyCents;
    if (delta <= 0) return null;
    const to = this.p.chargebackStatus === 'lost' ? 'platform_fees' : 'seller_payable';
    return this.changed(this.with({ updatedAt: now }), {
      timeline: [
        {
          status: this.p.status,
          actor: 'system',
          note: `Transfer to the seller reversed: ${delta} cents back.`,
          at: now,
        },
      ],
      ledger: [reversalEntry(this.p.id, `${t.transferId}:${t.reversedCents}`, delta, to)],
    });
  }

  /** A failed attempt: only the one still pending counts; a late failure of an older is stale. */
  paymentFailed(
    p: { paymentId: string; failureCode: string; failureMessage: string },
    now: Date,
  ): OrderChange | null {
    if (this.p.status !== 'pending_payment' || this.p.paymentId !== p.paymentId) return null;
    return this.changed(
      this.with({
        lastPaymentErrorCode: p.failureCode.slice(0, 60),
        lastPaymentErrorMessage: p.failureMessage.slice(0, 300),
        updatedAt: now,
      }),
      {},
    );
  }

  /**
   * The processor reports a refund (its cumulative amount). A refund proves the charge
   * succeeded: applied before the payment's own event (webhooks come in any order), the
   * order becomes paid first. Then `decideExternalRefund` (ADR 0013 §6): money still held went
   * back outside Loadout → refunded / partially_refunded; Loadout's own refund → confirmed.
   */
  refundReported(
    p: ReportedPayment & { amountCents: number },
    now: Date,
    rules: DeadlineRules,
  ): RefundOutcome {
    // A refund of another payment (a stray one refunded by Loadout) is not this order's money.
    const ours =
      p.paymentId === this.p.paymentId ||
      (this.p.chargeId !== null &&
        (p.paymentId === this.p.chargeId || p.chargeId === this.p.chargeId));
    if (!ours) return { change: null, notHeld: false };
    const paid =
      this.p.status === 'pending_payment' && p.amountCents > 0
        ? this.markPaid(p, now, rules)
        : null;
    const confirmed = (paid?.order ?? this).refundConfirmedUpTo(p.amountCents, now);
    const before = then(paid, confirmed);
    const order = before?.order ?? this;
    const decision = decideExternalRefund(
      {
        status: order.p.status,
        totalCents: order.p.totalCents,
        refundedCents: order.p.refundedCents,
      },
      p.amountCents,
    );
    switch (decision.kind) {
      case 'refund':
        return { change: then(before, order.externalRefund(decision, now)), notHeld: false };
      case 'not_held':
        return { change: before, notHeld: true };
      case 'none':
        return { change: before, notHeld: false };
    }
  }

  /**
   * The processor reports that a refund of this order failed (`refund.failed`,
   * `charge.refund.updated` failed or canceled, or a refund call that failed at once). The
   * money is held in escrow again (out of `refund_pending`, or out of `refunds` when its
   * success had been reported first), the order records the failure, and a retry is queued:
   * after `MAX_REFUND_FAILURES` it is parked for an admin, never dropped (ADR 0042). `known`:
   * this refund's failure is booked already (a redelivery). Null: nothing to do.
   */
  refundFailed(
    f: ReportedPayment & { refundId: string; amountCents: number; reason: string },
    known: boolean,
    now: Date,
  ): OrderChange | null {
    const ours =
      f.paymentId === this.p.paymentId ||
      (this.p.chargeId !== null &&
        (f.paymentId === this.p.chargeId || f.chargeId === this.p.chargeId));
    if (!ours || known || f.amountCents <= 0) return null;
    const fromPending = Math.min(f.amountCents, this.p.refundPendingCents);
    const fromRefunds = Math.min(f.amountCents - fromPending, this.p.refundConfirmedCents);
    const back = fromPending + fromRefunds;
    if (back <= 0) return null;
    const failures = this.p.refundFailures + 1;
    const due = this.p.refundDueCents + back;
    const reason = f.reason.slice(0, 200);
    const parked = failures >= MAX_REFUND_FAILURES;
    const retry: NewJob = {
      kind: 'refund_payment',
      dueAt: new Date(now.getTime() + refundRetryDelayMs(failures)),
      ref: `retry:${failures}`,
      payload: { amountCents: due },
      ...(parked ? { parked: `refund failed ${failures} times: ${reason}` } : {}),
    };
    return this.changed(
      this.with({
        refundPendingCents: this.p.refundPendingCents - fromPending,
        refundConfirmedCents: this.p.refundConfirmedCents - fromRefunds,
        refundDueCents: due,
        refundFailures: failures,
        lastRefundError: `Refund failed: ${reason}`.slice(0, 300),
        // A closed order's `refundedCents` is what was asked and not failed; a held one's counts
        // in its held money, so it keeps it (the due amount is held besides).
        refundedCents: this.holdsMoney
          ? this.p.refundedCents
          : Math.max(0, this.p.refundedCents - back),
        updatedAt: now,
      }),
      {
        timeline: [
          {
            status: this.p.status,
            actor: 'system',
            note: `The refund of ${euros(back)} failed (${reason}); ${
              parked ? 'it waits for an admin.' : 'it is tried again.'
            }`.slice(0, 500),
            at: now,
          },
        ],
        ledger: [refundFailedEntry(this.p.id, f.refundId, fromPending, fromRefunds)],
        jobs: [{ drop: [], add: [retry] }],
        // Failed for good (parked): both parties are told once, not at every retry.
        events:
          failures === MAX_REFUND_FAILURES
            ? [
                {
                  type: 'orders.order.refund_failed.v1',
                  extra: { failedAt: iso(now), failedCents: due, failures, reason },
                },
              ]
            : [],
      },
    );
  }

  /**
   * The retry `n` of a failed refund is about to ask the processor: what failed leaves escrow
   * for `refund_pending` again (once: `retry:<n>`). `ask: false` when a later failure has
   * queued a newer retry (this one must not ask); `ask: true` with no change when this retry
   * booked its amount already (the call is repeated with the same key).
   */
  refundRetried(n: number, now: Date): { ask: boolean; change: OrderChange | null } {
    if (this.p.refundFailures !== n) return { ask: false, change: null };
    const cents = this.p.refundDueCents;
    if (cents <= 0) return { ask: true, change: null };
    return {
      ask: true,
      change: this.changed(
        this.with({
          refundDueCents: 0,
          refundPendingCents: this.p.refundPendingCents + cents,
          refundedCents: this.holdsMoney
            ? this.p.refundedCents
            : Math.min(this.p.totalCents, this.p.refundedCents + cents),
          updatedAt: now,
        }),
        { ledger: [refundAskedEntry(this.p.id, this.amounts, cents, `retry:${n}`)] },
      ),
    };
  }

  ship(actor: OrderActor, s: Shipment, now: Date, rules: DeadlineRules): OrderChange {
    const status = nextStatus(this.p.status, 'ship', actor);
    const jobs = jobsOnShipped(now, rules);
    const autoReleaseAt = jobs[jobs.length - 1]!.dueAt;
    const order = this.with({
      status,
      carrier: s.carrier,
      trackingNumber: s.trackingNumber,
      handedOverInPerson: s.handedOverInPerson,
      shippedAt: now,
      autoReleaseAt,
      updatedAt: now,
    });
    return this.changed(order, {
      timeline: [{ status, actor, note: null, at: now }],
      jobs: [{ drop: ['ship_by'], add: jobs }],
      events: [
        {
          type: 'orders.order.shipped.v1',
          extra: {
            shippedAt: iso(now),
            carrier: s.carrier,
            trackingNumber: s.trackingNumber,
            handedOverInPerson: s.handedOverInPerson,
            autoReleaseAt: iso(autoReleaseAt),
          },
        },
      ],
    });
  }

  /** Delivery confirmed (or auto-released): escrow → seller payable + fee, transfer queued. */
  release(actor: OrderActor, now: Date): OrderChange {
    const status = nextStatus(
      this.p.status,
      actor === 'system' ? 'auto_release' : 'confirm_delivery',
      actor,
    );
    const order = this.with({ status, completedAt: now, updatedAt: now });
    return this.changed(order, {
      timeline: [{ status, actor, note: null, at: now }],
      ledger: [releaseEntry(this.p.id, this.amounts)],
      jobs: [
        {
          drop: ['auto_release', 'release_reminder'],
          add: [{ kind: 'transfer_to_seller', dueAt: now }],
        },
      ],
      events: [
        {
          type: 'orders.order.completed.v1',
          extra: {
            completedAt: iso(now),
            releasedBy: actor === 'system' ? 'system' : actor === 'admin' ? 'admin' : 'buyer',
          },
        },
      ],
    });
  }

  /**
   * Cancelled before shipping (by a party, or by the system at the ship-by deadline). Money
   * already held goes back in full, fee included; the listing is freed.
   */
  cancel(actor: OrderActor, reason: string | null, now: Date): OrderChange {
    const wasPaid = this.p.status === 'paid';
    const openAttempt = this.openAttemptJobs(now);
    const status = nextStatus(
      this.p.status,
      actor === 'system' ? 'cancel_unshipped' : 'cancel',
      actor,
    );
    const order = this.with({
      status,
      cancelReason: reason,
      closedAt: now,
      updatedAt: now,
      refundPendingCents: this.p.refundPendingCents + (wasPaid ? this.p.totalCents : 0),
      refundedCents: wasPaid ? this.p.totalCents : this.p.refundedCents,
    });
    return this.changed(order, {
      timeline: [{ status, actor, note: reason, at: now }],
      ledger: wasPaid ? [refundAskedEntry(this.p.id, this.amounts)] : [],
      jobs: [
        {
          drop: ['expire_unpaid', 'ship_by'],
          add: [
            ...(wasPaid ? [{ kind: 'refund_payment' as const, dueAt: now }] : []),
            ...openAttempt,
          ],
        },
      ],
      events: [
        {
          type: 'orders.order.cancelled.v1',
          extra: {
            cancelledAt: iso(now),
            cancelledBy: actor,
            reason,
            refundedCents: wasPaid ? this.p.totalCents : 0,
          },
        },
      ],
    });
  }

  /** Never paid in time: the listing is freed. */
  expire(now: Date): OrderChange {
    const status = nextStatus(this.p.status, 'expire', 'system');
    return this.changed(this.with({ status, closedAt: now, updatedAt: now }), {
      timeline: [{ status, actor: 'system', note: null, at: now }],
      jobs: [{ drop: [], add: this.openAttemptJobs(now) }],
      events: [{ type: 'orders.order.expired.v1', extra: { expiredAt: iso(now) } }],
    });
  }

  /**
   * An admin refunds what Loadout still holds: the whole payment of an order in escrow, or the
   * rest of one partly refunded elsewhere. The rest leaves escrow now; the refund job asks the
   * processor for what is left on the charge. The listing is freed only if nothing was shipped.
   */
  adminRefund(reason: string, now: Date): OrderChange {
    const status = nextStatus(this.p.status, 'refund', 'admin');
    return this.refundedRest(status, 'admin', reason, now);
  }

  /**
   * A deadline came due. It does nothing when the order has left the state it was set for
   * (the transition that moved it on normally closed it already).
   */
  deadlineDue(job: { kind: DeadlineKind; day: number }, now: Date): OrderChange | null {
    switch (job.kind) {
      case 'expire_unpaid':
        return this.p.status === 'pending_payment' ? this.expire(now) : null;
      case 'ship_by':
        return this.p.status === 'paid' ? this.cancel('system', SHIP_BY_MISSED, now) : null;
      case 'auto_release':
        return this.p.status === 'shipped' ? this.release('system', now) : null;
      case 'release_reminder':
        if (this.p.status !== 'shipped' || !this.p.autoReleaseAt) return null;
        return this.changed(this, {
          events: [
            {
              type: 'orders.order.reminder.v1',
              extra: {
                kind: 'auto_release',
                day: job.day,
                autoReleaseAt: iso(this.p.autoReleaseAt),
              },
            },
          ],
        });
    }
  }

  /**
   * A dispute (the buyer's, or a card chargeback as `system`) freezes the money: `disputed`,
   * the automatic release, its reminders and the ship-by cancel are dropped, even if one is
   * already due (its job finds the order disputed and does nothing).
   */
  openDispute(actor: OrderActor, note: string, now: Date): OrderChange {
    const before = this.p.status;
    const status = nextStatus(before, 'open_dispute', actor);
    return this.changed(
      this.with({
        status,
        statusBeforeDispute: before === 'paid' ? 'paid' : 'shipped',
        updatedAt: now,
      }),
      {
        timeline: [{ status, actor, note, at: now }],
        jobs: [{ drop: ['ship_by', 'auto_release', 'release_reminder'], add: [] }],
      },
    );
  }

  /**
   * The dispute ended with nothing to settle (withdrawn, or a chargeback won): back to paid or
   * shipped, and its clock (ship-by or automatic release) runs again with at least
   * `atLeastMs` left. `ref` names the new deadline job (the dropped one is closed).
   */
  resumeAfterDispute(
    actor: OrderActor,
    note: string,
    now: Date,
    atLeastMs: number,
    ref: string,
  ): { change: OrderChange; resumesUntil: Date | null } {
    nextStatus(this.p.status, 'end_dispute', actor);
    const status = this.p.statusBeforeDispute ?? 'shipped';
    const floor = new Date(now.getTime() + atLeastMs);
    const later = (d: Date | null) => (d && d.getTime() > floor.getTime() ? d : floor);
    const shipped = status === 'shipped';
    const until = shipped ? later(this.p.autoReleaseAt) : later(this.p.shipBy);
    const order = this.with({
      status,
      statusBeforeDispute: null,
      ...(shipped ? { autoReleaseAt: until } : { shipBy: until }),
      updatedAt: now,
    });
    return {
      change: this.changed(order, {
        timeline: [{ status, actor, note, at: now }],
        jobs: [
          {
            drop: [],
            add: [{ kind: shipped ? 'auto_release' : 'ship_by', dueAt: until, ref }],
          },
        ],
      }),
      resumesUntil: until,
    };
  }

  /**
   * A dispute settled: the money moves as decided, in this change's ledger entries. Release:
   * all to the seller. Full refund: all back to the buyer (fee included). Partial refund: the
   * refund, and the rest released (`split`), so the order is completed.
   */
  settleDispute(settlement: DisputeSettlement, split: RefundSplit | null, now: Date): OrderChange {
    // The timeline keeps a note of up to 500 characters; an admin's statement may be longer.
    const s = { ...settlement, note: settlement.note?.slice(0, 500) ?? null };
    switch (s.kind) {
      case 'release': {
        const status = nextStatus(this.p.status, 'dispute_release', s.decidedBy);
        return this.releasedWith(
          status,
          s.decidedBy,
          s.note,
          releaseEntry(this.p.id, this.amounts),
          this.p.sellerReceivesCents,
          0,
          now,
        );
      }
      case 'full_refund': {
        const status = nextStatus(this.p.status, 'dispute_refund', s.decidedBy);
        return this.refundedRest(status, s.decidedBy, s.note, now, s.itemReturned === true, true);
      }
      case 'partial_refund': {
        const status = nextStatus(this.p.status, 'dispute_partial_refund', s.decidedBy);
        if (!split) throw new RangeError('a partial refund needs its split');
        const released = this.releasedWith(
          status,
          s.decidedBy,
          s.note,
          partialReleaseEntry(this.p.id, split),
          split.sellerCents,
          split.refundCents,
          now,
        );
        return {
          ...released,
          order: released.order.with({
            refundPendingCents: released.order.p.refundPendingCents + split.refundCents,
          }),
          ledger: [
            refundAskedEntry(this.p.id, this.amounts, split.refundCents),
            ...released.ledger,
          ],
          jobs: [
            ...released.jobs,
            {
              drop: [],
              add: [
                {
                  kind: 'refund_payment',
                  dueAt: now,
                  ref: `dispute:${s.ref}`,
                  payload: { amountCents: split.refundCents },
                },
              ],
            },
          ],
          events: [
            {
              type: 'orders.order.refunded.v1',
              extra: {
                refundedAt: iso(now),
                refundedCents: split.refundCents,
                full: false,
                relist: false,
                byDispute: true,
                refundPending: true,
              },
            },
            ...released.events,
          ],
        };
      }
    }
  }

  /**
   * A card chargeback was filed (`charge.dispute.created`). Money still held is frozen (the
   * order becomes `disputed` unless a dispute holds it already); released money's transfer
   * waits while it is open. Arriving before the payment's own event (webhooks come in any
   * order), it is only flagged: the payment then lands frozen (`markPaid`). Null when it is
   * already known.
   */
  chargebackOpened(note: string, now: Date): OrderChange | null {
    if (this.p.chargebackStatus === 'open') return null;
    const flagged = this.with({ chargebackStatus: 'open', updatedAt: now });
    if (this.p.status === 'paid' || this.p.status === 'shipped')
      return flagged.openDispute('system', note, now);
    return this.changed(flagged, {
      timeline: [{ status: this.p.status, actor: 'system', note, at: now }],
    });
  }

  /**
   * The card network closed the chargeback. Won: the freeze ends (`resume` says whether the
   * caller should resume the order's clock: no other dispute holds it). Lost: the disputed
   * amount leaves escrow (or, when released, Loadout's account) with the network's fee; a
   * held order is refunded that way.
   */
  chargebackClosed(
    c: { won: boolean; amountCents: number; feeCents: number; ref: string },
    now: Date,
  ): OrderChange | null {
    if (this.p.chargebackStatus !== 'open') return null;
    if (c.won)
      return this.changed(this.with({ chargebackStatus: 'won', updatedAt: now }), {
        timeline: [
          { status: this.p.status, actor: 'system', note: 'Card chargeback won.', at: now },
        ],
      });
    const held = this.p.status === 'disputed';
    const heldCents = held ? Math.min(c.amountCents, this.p.totalCents - this.p.refundedCents) : 0;
    const fromPlatform = c.feeCents + (c.amountCents - heldCents);
    const ledger = [chargebackEntry(this.p.id, c.ref, heldCents, fromPlatform)];
    if (!held)
      return this.changed(this.with({ chargebackStatus: 'lost', updatedAt: now }), {
        timeline: [
          { status: this.p.status, actor: 'system', note: 'Card chargeback lost.', at: now },
        ],
        ledger,
        // Released money: what reached the seller is taken back (issue 24). A transfer still
        // to come is reversed when it is made (`transferred`).
        jobs:
          this.p.status === 'completed'
            ? [
                {
                  drop: [],
                  add: [{ kind: 'reverse_transfer', dueAt: now, ref: `chargeback:${c.ref}` }],
                },
              ]
            : [],
      });
    const status = nextStatus(this.p.status, 'chargeback_lost', 'system');
    const rest = this.p.totalCents - this.p.refundedCents - heldCents;
    return this.changed(
      this.with({
        status,
        chargebackStatus: 'lost',
        statusBeforeDispute: null,
        refundedCents: this.p.refundedCents + heldCents + rest,
        refundPendingCents: this.p.refundPendingCents + rest,
        closedAt: now,
        updatedAt: now,
      }),
      {
        timeline: [
          {
            status,
            actor: 'system',
            note: 'Card chargeback lost: the card network refunded the buyer.',
            at: now,
          },
        ],
        // What the network did not take back (a partial chargeback) goes back to the buyer too.
        ledger: rest > 0 ? [...ledger, refundAskedEntry(this.p.id, this.amounts, rest)] : ledger,
        jobs: [
          {
            drop: ESCROW_DEADLINES,
            add: [
              ...(rest > 0
                ? [
                    {
                      kind: 'refund_payment' as const,
                      dueAt: now,
                      ref: `chargeback:${c.ref}`,
                      payload: { amountCents: rest },
                    },
                  ]
                : []),
            ],
          },
        ],
        events: [
          {
            type: 'orders.order.refunded.v1',
            extra: {
              refundedAt: iso(now),
              refundedCents: this.p.totalCents,
              full: true,
              relist: !this.p.shippedAt,
              // What the network did not take back is on its way (confirmed later). Nothing
              // left: the flag stays absent, as `false` means a refund's confirmation, which
              // listings ignores (ADR 0042) and would leave the listing held for good.
              ...(rest > 0 ? { refundPending: true } : {}),
            },
          },
        ],
      },
    );
  }

  /** Completed by a dispute's outcome: `entry` releases the money, the transfer follows. */
  private releasedWith(
    status: OrderStatus,
    actor: OrderActor,
    note: string | null,
    entry: LedgerEntry,
    transferCents: number,
    refundedCents: number,
    now: Date,
  ): OrderChange {
    const order = this.with({
      status,
      statusBeforeDispute: null,
      refundedCents: this.p.refundedCents + refundedCents,
      completedAt: now,
      updatedAt: now,
    });
    return this.changed(order, {
      timeline: [{ status, actor, note, at: now }],
      ledger: [entry],
      jobs: [
        {
          drop: ESCROW_DEADLINES,
          add: [
            {
              kind: 'transfer_to_seller',
              dueAt: now,
              payload: { amountCents: transferCents },
            },
          ],
        },
      ],
      events: [
        {
          type: 'orders.order.completed.v1',
          extra: {
            completedAt: iso(now),
            releasedBy: actor === 'admin' ? 'admin' : actor === 'buyer' ? 'buyer' : 'system',
          },
        },
      ],
    });
  }

  /** Everything still held back to the buyer; the refund job asks the processor. */
  private refundedRest(
    status: OrderStatus,
    actor: OrderActor,
    note: string | null,
    now: Date,
    itemReturned = false,
    byDispute = false,
  ): OrderChange {
    // The listing comes back when the item never left the seller or came back (issue 23 sc. 3).
    const relist = !this.p.shippedAt || itemReturned;
    const restCents = this.p.totalCents - this.p.refundedCents;
    const order = this.with({
      status,
      statusBeforeDispute: null,
      closedAt: now,
      updatedAt: now,
      refundPendingCents: this.p.refundPendingCents + Math.max(restCents, 0),
      refundedCents: Math.max(this.p.refundedCents, this.p.totalCents),
    });
    return this.changed(order, {
      timeline: [{ status, actor, note, at: now }],
      ledger: restCents > 0 ? [refundAskedEntry(this.p.id, this.amounts, restCents)] : [],
      jobs: [
        {
          drop: ESCROW_DEADLINES,
          add: restCents > 0 ? [{ kind: 'refund_payment' as const, dueAt: now }] : [],
        },
      ],
      events: [
        {
          type: 'orders.order.refunded.v1',
          extra: {
            refundedAt: iso(now),
            refundedCents: this.p.totalCents,
            full: true,
            relist,
            ...(byDispute ? { byDispute } : {}),
            // Asked, not done: the buyer hears "refunded" when the processor confirms. Nothing
            // left to ask: absent, never `false` (that is a confirmation, ADR 0042).
            ...(restCents > 0 ? { refundPending: true } : {}),
          },
        },
      ],
    });
  }

  /**
   * The processor confirmed the payment: money held in escrow, ship-by deadline set. A card
   * chargeback reported before it (webhooks in any order) freezes the order at once.
   */
  private markPaid(p: ReportedPayment, now: Date, rules: DeadlineRules): OrderChange {
    const paid = this.markPaidOnly(p, now, rules);
    if (this.p.chargebackStatus !== 'open') return paid;
    return then(paid, paid.order.openDispute('system', 'Card chargeback open: frozen.', now))!;
  }

  private markPaidOnly(p: ReportedPayment, now: Date, rules: DeadlineRules): OrderChange {
    const status = nextStatus(this.p.status, 'confirm_payment', 'system');
    const jobs = jobsOnPaid(now, rules);
    const shipBy = jobs[0]!.dueAt;
    const order = this.with({
      status,
      paymentId: p.paymentId,
      chargeId: p.chargeId ?? p.paymentId,
      lastPaymentErrorCode: null,
      lastPaymentErrorMessage: null,
      paidAt: now,
      shipBy,
      updatedAt: now,
    });
    return this.changed(order, {
      timeline: [{ status, actor: 'system', note: null, at: now }],
      ledger: [paymentEntry(this.p.id, this.amounts)],
      jobs: [
        {
          drop: ['expire_unpaid'],
          add: [
            ...jobs,
            // Another attempt still open (the success came from an earlier one) must not charge.
            ...(this.p.paymentId && this.p.paymentId !== p.paymentId
              ? [cancelPaymentJob(this.p.paymentId, now)]
              : []),
          ],
        },
      ],
      events: [
        {
          type: 'orders.order.paid.v1',
          // The seller's "You sold" email needs where to send it (ADR 0029).
          extra: {
            paidAt: iso(now),
            shipBy: iso(shipBy),
            deliveryAddress: this.p.deliveryAddress,
          },
        },
      ],
    });
  }

  private refundLatePayment(p: ReportedPayment, now: Date): OrderChange {
    const order = this.with({
      paymentId: p.paymentId,
      chargeId: p.chargeId ?? p.paymentId,
      refundPendingCents: this.p.refundPendingCents + this.p.totalCents,
      refundedCents: this.p.refundedCents + this.p.totalCents,
      updatedAt: now,
    });
    return this.changed(order, {
      timeline: [
        {
          status: this.p.status,
          actor: 'system',
          note: 'A payment arrived after the order closed; it is refunded in full.',
          at: now,
        },
      ],
      ledger: [paymentEntry(this.p.id, this.amounts), refundAskedEntry(this.p.id, this.amounts)],
      jobs: [{ drop: [], add: [{ kind: 'refund_payment', dueAt: now }] }],
    });
  }

  private strayPayment(p: ReportedSuccess, now: Date): OrderChange {
    return this.changed(this.with({ updatedAt: now }), {
      timeline: [
        {
          status: this.p.status,
          actor: 'system',
          note: 'A payment that is not this order’s arrived; it is refunded in full.',
          at: now,
        },
      ],
      ledger: [strayPaymentEntry(this.p.id, p.paymentId, p.amountCents)],
      jobs: [
        {
          drop: [],
          add: [
            {
              kind: 'refund_stray_payment',
              dueAt: now,
              ref: p.paymentId,
              payload: { amountCents: p.amountCents },
            },
          ],
        },
      ],
    });
  }

  /** A pending order that closes cancels the attempt it may still have open. */
  private openAttemptJobs(now: Date): NewJob[] {
    return this.p.status === 'pending_payment' && this.p.paymentId
      ? [cancelPaymentJob(this.p.paymentId, now)]
      : [];
  }

  private externalRefund(
    d: { to: 'refunded' | 'partially_refunded'; deltaCents: number; full: boolean },
    now: Date,
  ): OrderChange {
    const status = nextStatus(
      this.p.status,
      d.full ? 'processor_refund' : 'processor_partial_refund',
      'system',
    );
    const refundedCents = this.p.refundedCents + d.deltaCents;
    const order = this.with({
      status,
      refundedCents,
      refundConfirmedCents: this.p.refundConfirmedCents + d.deltaCents,
      closedAt: d.full ? now : this.p.closedAt,
      updatedAt: now,
    });
    return this.changed(order, {
      timeline: [
        {
          status,
          actor: 'system',
          note: d.full
            ? 'Refunded in full by the payment processor.'
            : 'Partly refunded by the payment processor; the rest stays held until an admin settles it.',
          at: now,
        },
      ],
      ledger: [refundEntry(this.p.id, this.amounts, d.deltaCents)],
      jobs: [
        {
          drop: ESCROW_DEADLINES,
          add: [],
        },
      ],
      events: [
        {
          type: 'orders.order.refunded.v1',
          extra: {
            refundedAt: iso(now),
            refundedCents,
            full: d.full,
            relist: d.full && !this.p.shippedAt,
          },
        },
      ],
    });
  }

  /**
   * The processor reports `reportedCents` refunded on the order's charge in all: what it adds
   * to what was confirmed before confirms Loadout's pending refunds (`refund_pending →
   * refunds`, ADR 0042), and only then is the buyer told "refunded". More than is pending is
   * not Loadout's (a dashboard refund, decided by `decideExternalRefund`). Null: nothing new.
   */
  private refundConfirmedUpTo(reportedCents: number, now: Date): OrderChange | null {
    const cents = Math.min(reportedCents - this.p.refundConfirmedCents, this.p.refundPendingCents);
    if (cents <= 0) return null;
    const confirmed = this.p.refundConfirmedCents + cents;
    return this.changed(
      this.with({
        refundPendingCents: this.p.refundPendingCents - cents,
        refundConfirmedCents: confirmed,
        updatedAt: now,
      }),
      {
        ledger: [refundConfirmedEntry(this.p.id, cents, `confirmed:${confirmed}`)],
        events: [
          {
            type: 'orders.order.refunded.v1',
            extra: {
              refundedAt: iso(now),
              refundedCents: confirmed,
              full: confirmed >= this.p.totalCents,
              // The listing's fate was decided when the refund was asked.
              relist: false,
              refundPending: false,
            },
          },
        ],
      },
    );
  }

  private with(patch: Partial<OrderProps>): Order {
    return new Order({ ...this.p, ...patch });
  }

  private changed(
    order: Order,
    c: Partial<Pick<OrderChange, 'timeline' | 'ledger' | 'jobs' | 'events'>>,
  ): OrderChange {
    return {
      order,
      isNew: false,
      timeline: c.timeline ?? [],
      ledger: c.ledger ?? [],
      jobs: c.jobs ?? [],
      events: c.events ?? [],
    };
  }
}

/**
 * How long a pay's processor call may be in flight before its attempt is taken as dead: the
 * Stripe client gives up after 20 s per try with two retries (ADR 0034 §3's window).
 */
export const PAYMENT_CALL_WINDOW_MS = 2 * 60_000;

/** A refund that failed this many times is parked for an admin (ADR 0042). */
export const MAX_REFUND_FAILURES = 5;

/** A failed refund is asked again after 1 min, 4 min, 16 min, 64 min. */
export const refundRetryDelayMs = (failures: number): number =>
  60_000 * 4 ** Math.min(Math.max(failures - 1, 0), 3);

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

const cancelPaymentJob = (paymentId: string, now: Date): NewJob => ({
  kind: 'cancel_payment',
  dueAt: now,
  ref: paymentId,
});

/** Two transitions in a row, saved as one change (`b` started from `a.order`). */
function then(a: OrderChange | null, b: OrderChange | null): OrderChange | null {
  if (!a) return b;
  if (!b) return a;
  return {
    order: b.order,
    isNew: a.isNew,
    timeline: [...a.timeline, ...b.timeline],
    ledger: [...a.ledger, ...b.ledger],
    jobs: [...a.jobs, ...b.jobs],
    events: [...a.events, ...b.events],
  };
}
