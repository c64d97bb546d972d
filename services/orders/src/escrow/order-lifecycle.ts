import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type OrderActor, type OrderStatus } from '@loadout/contracts';
import { ORDERS_CONFIG, deadlineRules, type OrdersConfig } from '../orders.config';
import { jobsOnPaid, jobsOnShipped, type DeadlineRules } from './domain/deadlines';
import { paymentEntry, refundEntry, releaseEntry } from './domain/ledger';
import { nextStatus, type OrderCommand } from './domain/order-state';
import { type EventMetaInput, OrderEvents } from './order-events';
import { JobRepository } from './persistence/job.repository';
import { LedgerRepository } from './persistence/ledger.repository';
import { type OrderEntity } from './persistence/order.entity';
import { amountsOf } from './persistence/order.mapper';
import { OrderRepository } from './persistence/order.repository';

/**
 * The transitions shared by the user-facing use cases and the worker. Each runs inside the
 * caller's transaction on a locked order and writes, together: the new state and its timeline,
 * the ledger postings, the outbox event and the follow-up jobs (deadlines, listing release,
 * refund, transfer). External calls happen later, in those jobs, never here.
 */
@Injectable()
export class OrderLifecycle {
  private readonly rules: DeadlineRules;

  constructor(
    @Inject(ORDERS_CONFIG) config: OrdersConfig,
    private readonly orders: OrderRepository,
    private readonly ledger: LedgerRepository,
    private readonly jobs: JobRepository,
    private readonly events: OrderEvents,
  ) {
    this.rules = deadlineRules(config);
  }

  private move(order: OrderEntity, command: OrderCommand, actor: OrderActor): OrderStatus {
    order.status = nextStatus(order.status as OrderStatus, command, actor);
    return order.status as OrderStatus;
  }

  /** The processor confirmed the payment: money held in escrow, ship-by deadline set. */
  async markPaid(
    tx: EntityManager,
    order: OrderEntity,
    p: { paymentId: string; chargeId?: string; at: Date },
    meta: EventMetaInput,
  ): Promise<void> {
    this.move(order, 'confirm_payment', 'system');
    const jobs = jobsOnPaid(p.at, this.rules);
    order.paymentId = p.paymentId;
    order.chargeId = p.chargeId ?? p.paymentId;
    order.lastPaymentErrorCode = null;
    order.lastPaymentErrorMessage = null;
    order.paidAt = p.at;
    order.shipBy = jobs[0]!.dueAt;
    await this.orders.update(tx, order, { actor: 'system' });
    await this.ledger.post(tx, paymentEntry(order.id, amountsOf(order)));
    await this.jobs.reschedule(tx, order.id, ['expire_unpaid'], jobs);
    await this.events.append(
      tx,
      'orders.order.paid.v1',
      order,
      { paidAt: p.at.toISOString(), shipBy: order.shipBy.toISOString() },
      meta,
    );
  }

  async ship(
    tx: EntityManager,
    order: OrderEntity,
    actor: OrderActor,
    s: { carrier: string | null; trackingNumber: string | null; handedOverInPerson: boolean },
    meta: EventMetaInput,
  ): Promise<void> {
    this.move(order, 'ship', actor);
    const now = new Date();
    const jobs = jobsOnShipped(now, this.rules);
    order.carrier = s.carrier;
    order.trackingNumber = s.trackingNumber;
    order.handedOverInPerson = s.handedOverInPerson;
    order.shippedAt = now;
    order.autoReleaseAt = jobs[jobs.length - 1]!.dueAt;
    await this.orders.update(tx, order, { actor });
    await this.jobs.reschedule(tx, order.id, ['ship_by'], jobs);
    await this.events.append(
      tx,
      'orders.order.shipped.v1',
      order,
      {
        shippedAt: now.toISOString(),
        carrier: s.carrier,
        trackingNumber: s.trackingNumber,
        handedOverInPerson: s.handedOverInPerson,
        autoReleaseAt: order.autoReleaseAt.toISOString(),
      },
      meta,
    );
  }

  /** Delivery confirmed or auto-released: escrow → seller payable + fee, transfer queued. */
  async release(
    tx: EntityManager,
    order: OrderEntity,
    actor: OrderActor,
    meta: EventMetaInput,
  ): Promise<void> {
    this.move(order, actor === 'system' ? 'auto_release' : 'confirm_delivery', actor);
    const now = new Date();
    order.completedAt = now;
    await this.orders.update(tx, order, { actor });
    await this.ledger.post(tx, releaseEntry(order.id, amountsOf(order)));
    await this.jobs.reschedule(
      tx,
      order.id,
      ['auto_release', 'release_reminder'],
      [
        { kind: 'transfer_to_seller', dueAt: now },
        { kind: 'mark_listing_sold', dueAt: now },
      ],
    );
    await this.events.append(
      tx,
      'orders.order.completed.v1',
      order,
      {
        completedAt: now.toISOString(),
        releasedBy: actor === 'system' ? 'system' : actor === 'admin' ? 'admin' : 'buyer',
      },
      meta,
    );
  }

  /**
   * Cancelled before shipping (by a party, or by the system at the ship-by deadline). Money
   * already held goes back in full, fee included; the listing is freed.
   */
  async cancel(
    tx: EntityManager,
    order: OrderEntity,
    actor: OrderActor,
    reason: string | null,
    meta: EventMetaInput,
  ): Promise<void> {
    const wasPaid = order.status === 'paid';
    this.move(order, actor === 'system' ? 'cancel_unshipped' : 'cancel', actor);
    const now = new Date();
    order.cancelReason = reason;
    order.closedAt = now;
    if (wasPaid) await this.ledger.post(tx, refundEntry(order.id, amountsOf(order)));
    await this.orders.update(tx, order, { actor, note: reason });
    await this.jobs.reschedule(
      tx,
      order.id,
      ['expire_unpaid', 'ship_by'],
      [
        { kind: 'release_listing', dueAt: now },
        ...(wasPaid ? [{ kind: 'refund_payment' as const, dueAt: now }] : []),
      ],
    );
    await this.events.append(
      tx,
      'orders.order.cancelled.v1',
      order,
      {
        cancelledAt: now.toISOString(),
        cancelledBy: actor,
        reason,
        refundedCents: wasPaid ? order.totalCents : 0,
      },
      meta,
    );
  }

  /** Never paid in time: the listing is freed. */
  async expire(tx: EntityManager, order: OrderEntity, meta: EventMetaInput): Promise<void> {
    this.move(order, 'expire', 'system');
    const now = new Date();
    order.closedAt = now;
    await this.orders.update(tx, order, { actor: 'system' });
    await this.jobs.schedule(tx, order.id, [{ kind: 'release_listing', dueAt: now }]);
    await this.events.append(
      tx,
      'orders.order.expired.v1',
      order,
      { expiredAt: now.toISOString() },
      meta,
    );
  }

  /**
   * A payment that succeeded after the order was cancelled or expired: the money is recorded
   * as received and refunded at once, so no euro stays in escrow without an open order.
   */
  async refundLatePayment(
    tx: EntityManager,
    order: OrderEntity,
    p: { paymentId: string; chargeId?: string },
  ): Promise<void> {
    order.paymentId = p.paymentId;
    order.chargeId = p.chargeId ?? p.paymentId;
    await this.orders.update(tx, order, {
      actor: 'system',
      note: 'A payment arrived after the order closed; it is refunded in full.',
    });
    await this.ledger.post(tx, paymentEntry(order.id, amountsOf(order)));
    await this.ledger.post(tx, refundEntry(order.id, amountsOf(order)));
    await this.jobs.schedule(tx, order.id, [{ kind: 'refund_payment', dueAt: new Date() }]);
  }

  /**
   * A refund made outside Loadout (Stripe dashboard) while the money was still in escrow:
   * `decision` comes from `decideExternalRefund`. The refunded part leaves escrow
   * (`escrow_held → refunds`), deadlines stop; a full refund frees the listing, a partial one
   * keeps the order (and the listing) on hold for an admin.
   */
  async externalRefund(
    tx: EntityManager,
    order: OrderEntity,
    decision: { to: 'refunded' | 'partially_refunded'; deltaCents: number; full: boolean },
    meta: EventMetaInput,
  ): Promise<void> {
    this.move(order, decision.full ? 'processor_refund' : 'processor_partial_refund', 'system');
    const now = new Date();
    order.refundedCents += decision.deltaCents;
    if (decision.full) order.closedAt = now;
    await this.orders.update(tx, order, {
      actor: 'system',
      note: decision.full
        ? 'Refunded in full by the payment processor.'
        : 'Partly refunded by the payment processor; the rest stays held until an admin settles it.',
    });
    await this.ledger.post(tx, refundEntry(order.id, amountsOf(order), decision.deltaCents));
    await this.jobs.reschedule(
      tx,
      order.id,
      ['expire_unpaid', 'ship_by', 'auto_release', 'release_reminder'],
      decision.full ? [{ kind: 'release_listing', dueAt: now }] : [],
    );
    await this.events.append(
      tx,
      'orders.order.refunded.v1',
      order,
      { refundedAt: now.toISOString(), refundedCents: order.refundedCents, full: decision.full },
      meta,
    );
  }

  /**
   * An admin refunds what Loadout still holds: the whole payment of an order in escrow, or the
   * rest of one partly refunded elsewhere (the only way out of `partially_refunded` until the
   * disputes issue). The rest leaves escrow now (`escrow_held → refunds`); the refund job asks
   * the processor for what is left on the charge. The listing is freed only if nothing was
   * shipped: a shipped item is with the buyer, not for sale again.
   */
  async adminRefund(
    tx: EntityManager,
    order: OrderEntity,
    reason: string,
    meta: EventMetaInput,
  ): Promise<void> {
    this.move(order, 'refund', 'admin');
    const now = new Date();
    const restCents = order.totalCents - order.refundedCents;
    order.closedAt = now;
    await this.orders.update(tx, order, { actor: 'admin', note: reason });
    if (restCents > 0)
      await this.ledger.post(tx, refundEntry(order.id, amountsOf(order), restCents));
    await this.jobs.reschedule(
      tx,
      order.id,
      ['expire_unpaid', 'ship_by', 'auto_release', 'release_reminder'],
      [
        ...(restCents > 0 ? [{ kind: 'refund_payment' as const, dueAt: now }] : []),
        ...(order.shippedAt ? [] : [{ kind: 'release_listing' as const, dueAt: now }]),
      ],
    );
    await this.events.append(
      tx,
      'orders.order.refunded.v1',
      order,
      { refundedAt: now.toISOString(), refundedCents: order.totalCents, full: true },
      meta,
    );
  }

  /** The processor confirmed a refund: tell everyone once. */
  async refundConfirmed(
    tx: EntityManager,
    order: OrderEntity,
    amountCents: number,
    meta: EventMetaInput,
  ): Promise<void> {
    if (order.refundedCents >= amountCents) return;
    order.refundedCents = amountCents;
    await this.orders.update(tx, order);
    await this.events.append(
      tx,
      'orders.order.refunded.v1',
      order,
      {
        refundedAt: new Date().toISOString(),
        refundedCents: amountCents,
        full: amountCents >= order.totalCents,
      },
      meta,
    );
  }
}
