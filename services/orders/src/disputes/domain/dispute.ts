import {
  type DisputeOrigin,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeResponseKind,
  type DisputeStatus,
  type DisputeFactsV1,
  type DisputeWanted,
  type EventPayloads,
} from '@loadout/contracts';
import { DisputeDomainError } from './dispute.errors';
import { type DisputeRules } from './dispute-rules';
import { assertDisputeCommand, type DisputeActor } from './dispute-state';
import { assertPartialRefund } from './partial-refund';

export interface DisputeResponse {
  kind: DisputeResponseKind;
  /** `propose_partial`: cents back to the buyer. */
  amountCents: number | null;
  message: string;
}

/** Everything a dispute is; amounts in integer euro cents. */
export interface DisputeProps {
  id: string;
  orderId: string;
  buyerId: string;
  sellerId: string;
  origin: DisputeOrigin;
  status: DisputeStatus;
  reason: DisputeReason;
  description: string;
  wanted: DisputeWanted;
  /** The order's total when the dispute opened (a full refund returns it). */
  orderTotalCents: number;
  response: DisputeResponse | null;
  outcome: DisputeOutcome | null;
  /** The pending deadline: the seller's answer (`open`) or the buyer's acceptance (`responded`). */
  respondBy: Date | null;
  /** A chargeback's processor dispute id (Stripe `dp_…`). */
  processorDisputeId: string | null;
  openedAt: Date;
  resolvedAt: Date | null;
  updatedAt: Date;
}

export type DisputeTopic = Extract<keyof EventPayloads, `orders.dispute.${string}`>;
/** What a dispute event carries beyond the order's and the dispute's facts. */
export type DisputeEventExtra<T extends DisputeTopic> = Omit<
  EventPayloads[T],
  keyof DisputeFactsV1
>;
export type DisputeDomainEvent = {
  [T in DisputeTopic]: { type: T; extra: DisputeEventExtra<T> };
}[DisputeTopic];

/** The dispute's escalation deadline: set (one per dispute and `step`) or cleared. */
export type DisputeDeadline = { set: { dueAt: Date; step: number } } | { clear: true } | null;

/**
 * The result of a dispute transition, saved in one transaction with the order's change: the
 * new dispute, its events, its deadline, and — when it settled — the outcome the order
 * applies to the money, or that the order's clocks resume (withdrawn).
 */
export interface DisputeChange {
  readonly dispute: Dispute;
  readonly isNew: boolean;
  readonly events: readonly DisputeDomainEvent[];
  readonly deadline: DisputeDeadline;
  readonly settle: DisputeOutcome | null;
  readonly resume: boolean;
}

export interface NewDispute {
  id: string;
  order: { id: string; buyerId: string; sellerId: string; totalCents: number };
  reason: DisputeReason;
  description: string;
  wanted: DisputeWanted;
}

export interface Decision {
  outcome: DisputeOutcome['kind'];
  amountCents?: number;
  statement: string;
}

const iso = (d: Date) => d.toISOString();
const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

/**
 * The dispute aggregate: immutable, pure, each transition checked by the rule table
 * (`dispute-state.ts`) and returning a `DisputeChange`. It decides the outcome; the order
 * (`escrow/domain/order.ts`) moves the money.
 */
export class Dispute {
  private constructor(private readonly p: Readonly<DisputeProps>) {}

  static restore(props: DisputeProps): Dispute {
    return new Dispute({ ...props });
  }

  /** The buyer opens a dispute; the seller has `respondWithinMs` to answer. */
  static open(input: NewDispute, now: Date, rules: DisputeRules): DisputeChange {
    const wanted = wantedOf(input.wanted, input.order.totalCents);
    const respondBy = after(now, rules.respondWithinMs);
    const dispute = new Dispute({
      id: input.id,
      orderId: input.order.id,
      buyerId: input.order.buyerId,
      sellerId: input.order.sellerId,
      origin: 'buyer',
      status: 'open',
      reason: input.reason,
      description: input.description.trim().slice(0, 2000),
      wanted,
      orderTotalCents: input.order.totalCents,
      response: null,
      outcome: null,
      respondBy,
      processorDisputeId: null,
      openedAt: now,
      resolvedAt: null,
      updatedAt: now,
    });
    return {
      dispute,
      isNew: true,
      events: [
        {
          type: 'orders.dispute.opened.v1',
          extra: { openedAt: iso(now), wanted, respondBy: iso(respondBy) },
        },
      ],
      deadline: { set: { dueAt: respondBy, step: 0 } },
      settle: null,
      resume: false,
    };
  }

  /** A card chargeback: a case for admins only, settled by the card network's decision. */
  static openChargeback(
    input: { id: string; order: NewDispute['order']; processorDisputeId: string; reason: string },
    now: Date,
  ): DisputeChange {
    const dispute = new Dispute({
      id: input.id,
      orderId: input.order.id,
      buyerId: input.order.buyerId,
      sellerId: input.order.sellerId,
      origin: 'chargeback',
      status: 'escalated',
      reason: 'other',
      description: `Card chargeback (${input.reason.slice(0, 60)}).`,
      wanted: { kind: 'full_refund' },
      orderTotalCents: input.order.totalCents,
      response: null,
      outcome: null,
      respondBy: null,
      processorDisputeId: input.processorDisputeId,
      openedAt: now,
      resolvedAt: null,
      updatedAt: now,
    });
    return {
      dispute,
      isNew: true,
      events: [
        {
          type: 'orders.dispute.escalated.v1',
          extra: { escalatedAt: iso(now), why: 'chargeback' },
        },
      ],
      deadline: null,
      settle: null,
      resume: false,
    };
  }

  get props(): Readonly<DisputeProps> {
    return this.p;
  }
  get id(): string {
    return this.p.id;
  }
  get status(): DisputeStatus {
    return this.p.status;
  }

  /**
   * Who a user is to this dispute; null = nobody it concerns (answer 404). A chargeback is a
   * case between Loadout and the card network: only admins see it.
   */
  actorFor(user: { id: string; isAdmin: boolean }): DisputeActor | null {
    if (this.p.origin === 'buyer') {
      if (user.id === this.p.buyerId) return 'buyer';
      if (user.id === this.p.sellerId) return 'seller';
    }
    return user.isAdmin ? 'admin' : null;
  }

  /** The seller accepts what the buyer wants, proposes a partial refund, or contests. */
  respond(actor: DisputeActor, r: DisputeResponse, now: Date, rules: DisputeRules): DisputeChange {
    assertDisputeCommand(this.p.status, 'respond', actor);
    const response: DisputeResponse = {
      kind: r.kind,
      amountCents: r.kind === 'propose_partial' ? r.amountCents : null,
      message: r.message.trim().slice(0, 2000),
    };
    const responded: DisputeDomainEvent = {
      type: 'orders.dispute.responded.v1',
      extra: { respondedAt: iso(now), response: r.kind, proposedCents: response.amountCents },
    };
    switch (r.kind) {
      case 'accept': {
        if (this.p.wanted.kind !== 'return_and_refund')
          return this.resolved({ response }, this.outcomeWanted('seller'), now, [responded]);
        // The item comes back first; the refund follows the seller's receipt (or its deadline).
        const respondBy = after(now, rules.returnShipWithinMs);
        return this.changed(
          { status: 'awaiting_return', response, respondBy, updatedAt: now },
          [responded],
          { set: { dueAt: respondBy, step: 2 } },
        );
      }
      case 'propose_partial': {
        assertPartialRefund(this.p.orderTotalCents, r.amountCents ?? 0);
        const respondBy = after(now, rules.respondWithinMs);
        return this.changed(
          { status: 'responded', response, respondBy, updatedAt: now },
          [responded],
          { set: { dueAt: respondBy, step: 1 } },
        );
      }
      case 'contest':
        return this.changed(
          { status: 'escalated', response, respondBy: null, updatedAt: now },
          [
            responded,
            {
              type: 'orders.dispute.escalated.v1',
              extra: { escalatedAt: iso(now), why: 'contested' },
            },
          ],
          { clear: true },
        );
    }
  }

  /** The buyer sent the item back: the seller has `returnReceiptWithinMs` to confirm it. */
  markReturnShipped(actor: DisputeActor, now: Date, rules: DisputeRules): DisputeChange {
    assertDisputeCommand(this.p.status, 'mark_return_shipped', actor);
    const respondBy = after(now, rules.returnReceiptWithinMs);
    return this.changed({ status: 'return_shipped', respondBy, updatedAt: now }, [], {
      set: { dueAt: respondBy, step: 3 },
    });
  }

  /** The seller confirms the item came back: the buyer is refunded in full. */
  confirmReturn(actor: DisputeActor, now: Date): DisputeChange {
    assertDisputeCommand(this.p.status, 'confirm_return', actor);
    return this.resolved(
      {},
      {
        kind: 'full_refund',
        refundCents: this.p.orderTotalCents,
        decidedBy: actor === 'seller' ? 'seller' : 'system',
        statement: null,
      },
      now,
      [],
    );
  }

  /** True when the item went back to the seller before the refund (it can be sold again). */
  get itemReturned(): boolean {
    return (
      this.p.status === 'resolved' &&
      this.p.wanted.kind === 'return_and_refund' &&
      this.p.response?.kind === 'accept' &&
      this.p.outcome?.kind === 'full_refund' &&
      this.p.outcome.decidedBy !== 'admin'
    );
  }

  /** The buyer takes the seller's partial-refund proposal. */
  acceptProposal(actor: DisputeActor, now: Date): DisputeChange {
    assertDisputeCommand(this.p.status, 'accept_proposal', actor);
    const refundCents = this.p.response?.amountCents ?? 0;
    return this.resolved(
      {},
      { kind: 'partial_refund', refundCents, decidedBy: 'buyer', statement: null },
      now,
      [],
    );
  }

  /** The buyer withdraws: nothing is refunded and the order's clocks run again. */
  withdraw(actor: DisputeActor, now: Date, resumesUntil: Date | null): DisputeChange {
    assertDisputeCommand(this.p.status, 'withdraw', actor);
    return {
      ...this.changed(
        { status: 'withdrawn', respondBy: null, resolvedAt: now, updatedAt: now },
        [
          {
            type: 'orders.dispute.withdrawn.v1',
            extra: { withdrawnAt: iso(now), resumesUntil: resumesUntil ? iso(resumesUntil) : null },
          },
        ],
        { clear: true },
      ),
      resume: true,
    };
  }

  /**
   * A response deadline came due: the dispute goes to admins. Nothing when it has moved on
   * (answered, withdrawn) or the deadline is not really due (a stale job).
   */
  deadlinePassed(now: Date): DisputeChange | null {
    if (!this.p.respondBy || this.p.respondBy.getTime() > now.getTime()) return null;
    // The seller never confirmed the return: the buyer sent it, so the refund goes out.
    if (this.p.status === 'return_shipped') return this.confirmReturn('system', now);
    if (!['open', 'responded', 'awaiting_return'].includes(this.p.status)) return null;
    assertDisputeCommand(this.p.status, 'escalate', 'system');
    return this.changed(
      { status: 'escalated', respondBy: null, updatedAt: now },
      [
        {
          type: 'orders.dispute.escalated.v1',
          extra: { escalatedAt: iso(now), why: 'deadline_passed' },
        },
      ],
      { clear: true },
    );
  }

  /** An admin decides an escalated dispute, with reasons sent to both parties. */
  decide(actor: DisputeActor, d: Decision, now: Date): DisputeChange {
    assertDisputeCommand(this.p.status, 'decide', actor);
    if (this.p.origin === 'chargeback')
      throw new DisputeDomainError(
        'DISPUTES.ILLEGAL_TRANSITION',
        'A card chargeback is decided by the card network, not here.',
        'conflict',
      );
    const statement = d.statement.trim().slice(0, 2000);
    const refundCents =
      d.outcome === 'release'
        ? 0
        : d.outcome === 'full_refund'
          ? this.p.orderTotalCents
          : (d.amountCents ?? 0);
    if (d.outcome === 'partial_refund') assertPartialRefund(this.p.orderTotalCents, refundCents);
    return this.resolved(
      {},
      { kind: d.outcome, refundCents, decidedBy: 'admin', statement },
      now,
      [],
    );
  }

  /**
   * The card network closed a chargeback: won keeps the money with Loadout (the order's clock
   * runs again), lost returned it to the cardholder.
   */
  closeChargeback(won: boolean, amountCents: number, now: Date): DisputeChange {
    assertDisputeCommand(this.p.status, 'close_chargeback', 'system');
    const outcome: DisputeOutcome = won
      ? {
          kind: 'release',
          refundCents: 0,
          decidedBy: 'system',
          statement: 'The card network decided for the seller.',
        }
      : {
          kind: 'full_refund',
          refundCents: amountCents,
          decidedBy: 'system',
          statement: 'The card network decided for the cardholder.',
        };
    const change = this.resolved({}, outcome, now, []);
    // The order does not settle through the dispute path: the chargeback rules move its money.
    return { ...change, settle: null, resume: won };
  }

  /** A message in the dispute's thread: allowed to its parties and admins while it is active. */
  assertCanPost(actor: DisputeActor): void {
    assertDisputeCommand(this.p.status, 'post_message', actor);
  }

  private outcomeWanted(decidedBy: 'seller'): DisputeOutcome {
    const w = this.p.wanted;
    return w.kind === 'partial_refund'
      ? { kind: 'partial_refund', refundCents: w.amountCents ?? 0, decidedBy, statement: null }
      : { kind: 'full_refund', refundCents: this.p.orderTotalCents, decidedBy, statement: null };
  }

  private resolved(
    patch: Partial<DisputeProps>,
    outcome: DisputeOutcome,
    now: Date,
    before: DisputeDomainEvent[],
  ): DisputeChange {
    return {
      ...this.changed(
        { ...patch, status: 'resolved', outcome, respondBy: null, resolvedAt: now, updatedAt: now },
        [
          ...before,
          {
            type: 'orders.dispute.resolved.v1',
            extra: {
              resolvedAt: iso(now),
              outcome: outcome.kind,
              refundCents: outcome.refundCents,
              decidedBy: outcome.decidedBy,
              statement: outcome.statement,
            },
          },
        ],
        { clear: true },
      ),
      settle: outcome,
    };
  }

  private changed(
    patch: Partial<DisputeProps>,
    events: DisputeDomainEvent[],
    deadline: DisputeDeadline,
  ): DisputeChange {
    return {
      dispute: new Dispute({ ...this.p, ...patch }),
      isNew: false,
      events,
      deadline,
      settle: null,
      resume: false,
    };
  }
}

function wantedOf(w: DisputeWanted, totalCents: number): DisputeWanted {
  if (w.kind !== 'partial_refund') return { kind: w.kind };
  assertPartialRefund(totalCents, w.amountCents ?? 0);
  return { kind: 'partial_refund', amountCents: w.amountCents };
}
