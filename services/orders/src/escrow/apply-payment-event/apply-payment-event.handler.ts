import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Tx } from '@loadout/service-kit';
import { DEADLINE_RULES } from '../../orders.config';
import { type PaymentEvent } from '../../payments/payment-provider.port';
import { type DeadlineRules } from '../domain/deadlines';
import { JobRepository } from '../domain/job-repository.port';
import { LedgerRepository } from '../domain/ledger-repository.port';
import { type OrderChange } from '../domain/order';
import { OrderRepository } from '../domain/order-repository.port';
import {
  isNewerPayoutFailure,
  isNewerPayoutPaid,
  paidClearsFailure,
  isNewerSnapshot,
  PayoutAccountRepository,
} from '../domain/payout-account-repository.port';
import { PayoutEvents } from '../persistence/payout-events';

export type ChargebackApplier = (
  tx: Tx,
  event: Extract<PaymentEvent, { type: 'dispute.created' | 'dispute.closed' }>,
) => Promise<void>;

/**
 * Applies one processor event (from the `payment_events` inbox) to its order, in the worker's
 * transaction. Events come in any order and more than once: the order decides what still
 * applies and does nothing otherwise.
 */
@Injectable()
export class ApplyPaymentEventHandler {
  private readonly log = new Logger(ApplyPaymentEventHandler.name);

  constructor(
    @Inject(DEADLINE_RULES) private readonly rules: DeadlineRules,
    private readonly orders: OrderRepository,
    private readonly accounts: PayoutAccountRepository,
    private readonly jobs: JobRepository,
    private readonly ledger: LedgerRepository,
    private readonly payoutEvents: PayoutEvents,
  ) {}

  private chargebacks: ChargebackApplier | null = null;

  /** The disputes area applies card chargebacks (registered at boot). */
  onChargeback(apply: ChargebackApplier): void {
    this.chargebacks = apply;
  }

  async apply(tx: Tx, event: PaymentEvent): Promise<void> {
    const meta = { actorId: null, requestId: `${event.provider}:${event.eventId}` };
    const save = async (change: OrderChange | null): Promise<void> => {
      if (change) await this.orders.save(tx, change, meta);
    };
    const now = new Date();
    switch (event.type) {
      case 'payment.succeeded': {
        const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
        if (!order) return this.unknown(event);
        return save(order.paymentSucceeded(event, now, this.rules));
      }
      case 'payment.failed': {
        const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
        if (!order) return this.unknown(event);
        return save(order.paymentFailed(event, now));
      }
      case 'refund.succeeded': {
        const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
        if (!order) return this.unknown(event);
        const outcome = order.refundReported(event, now, this.rules);
        await save(outcome.change);
        // Money already released (or under dispute): the disputes issue settles it.
        if (outcome.notHeld)
          this.log.warn(
            `${event.type} ${event.eventId} for ${order.status} order ${order.id} recorded`,
          );
        return;
      }
      case 'refund.failed': {
        // Once per refund id: a redelivery (or the refund call's own failed answer) books nothing.
        const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
        if (!order) return this.unknown(event);
        const known = await this.ledger.hasEntry(tx, order.id, 'refund_failed', event.refundId);
        const change = order.refundFailed(event, known, now);
        // Not this order's pending or confirmed money (a stray payment's refund, booked straight
        // to refunds, ADR 0024): nothing to move back; an admin must see it in the logs.
        if (!change && !known)
          this.log.warn(
            `${event.type} ${event.eventId} (${event.refundId}) for order ${order.id}: not a refund this order has booked; recorded only`,
          );
        return save(change);
      }
      case 'account.updated': {
        const account = await this.accounts.lockByAccountId(tx, event.accountId);
        if (!account) return this.unknown(event);
        // Applied in the order they were read, not delivered (issue 23 sc. 8).
        const observedAt = new Date(event.observedAt ?? event.occurredAt);
        if (!isNewerSnapshot(account, observedAt)) return;
        await this.accounts.upsert(tx, { ...account, status: event.status, statusAt: observedAt });
        if (event.status === 'complete') await this.jobs.wakeTransfers(tx, account.sellerId);
        return;
      }
      case 'dispute.created':
      case 'dispute.closed':
        if (this.chargebacks) return this.chargebacks(tx, event);
        this.log.warn(`${event.type} ${event.eventId} for order ${event.orderId ?? '-'} recorded`);
        return;
      case 'transfer.reversed': {
        // Booked at the processor's cumulative amount, once per level (Loadout's own reversal
        // of a lost chargeback books the same level with its job). Before its transfer is
        // booked (webhooks overtake the job) it is booked all the same: the two commute.
        const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
        if (!order) return this.unknown(event);
        const alreadyCents = await this.ledger.reversedOf(tx, order.id, event.transferId);
        return save(
          order.transferReversed(
            { transferId: event.transferId, reversedCents: event.amountCents, alreadyCents },
            now,
          ),
        );
      }
      case 'payout.failed': {
        // The seller must fix their bank details with the processor (ADR 0042): the account
        // shows it and the seller is told, once per event (the inbox) and never for a failure
        // older than the one shown.
        const account = await this.accounts.lockByAccountId(tx, event.accountId);
        if (!account) return this.unknown(event);
        const at = new Date(event.occurredAt);
        if (!isNewerPayoutFailure(account, at)) return;
        const failure = { code: event.failureCode, amountCents: event.amountCents, at };
        await this.accounts.recordPayoutFailure(tx, account.accountId, failure);
        await this.payoutEvents.payoutFailed(
          tx,
          {
            sellerId: account.sellerId,
            accountId: account.accountId,
            payoutId: event.payoutId,
            amountCents: event.amountCents,
            failureCode: event.failureCode,
            failedAt: at.toISOString(),
          },
          meta.requestId,
        );
        return;
      }
      case 'payout.paid': {
        // The seller's bank took a payout (ADR 0049): a failure shown from before it is over.
        // Once per event (the inbox); an older payout delivered late changes nothing.
        const account = await this.accounts.lockByAccountId(tx, event.accountId);
        if (!account) return this.unknown(event);
        const at = new Date(event.occurredAt);
        if (!isNewerPayoutPaid(account, at)) return;
        await this.accounts.recordPayoutPaid(tx, account.accountId, {
          at,
          clearFailure: paidClearsFailure(account, at),
        });
        return;
      }
    }
  }

  private unknown(event: PaymentEvent): void {
    this.log.warn(`${event.type} ${event.eventId}: no matching order or account; ignored`);
  }
}
