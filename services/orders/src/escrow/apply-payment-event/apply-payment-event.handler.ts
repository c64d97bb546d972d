import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type OrderStatus } from '@loadout/contracts';
import { type PaymentEvent } from '../../payments/payment-provider.port';
import { decideExternalRefund } from '../domain/external-refund';
import { OrderLifecycle } from '../order-lifecycle';
import { JobRepository } from '../persistence/job.repository';
import { OrderRepository } from '../persistence/order.repository';
import { PayoutAccountRepository } from '../persistence/payout-account.repository';

/**
 * Applies one processor event (from the `payment_events` inbox) to its order, in the worker's
 * transaction. Events come in any order and more than once: each checks the order's current
 * state and does nothing when it no longer applies.
 */
@Injectable()
export class ApplyPaymentEventHandler {
  private readonly log = new Logger(ApplyPaymentEventHandler.name);

  constructor(
    private readonly orders: OrderRepository,
    private readonly lifecycle: OrderLifecycle,
    private readonly accounts: PayoutAccountRepository,
    private readonly jobs: JobRepository,
  ) {}

  async apply(tx: EntityManager, event: PaymentEvent): Promise<void> {
    const meta = { actorId: null, requestId: `${event.provider}:${event.eventId}` };
    switch (event.type) {
      case 'payment.succeeded': {
        const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
        if (!order) return this.unknown(event);
        if (order.status === 'pending_payment') {
          await this.lifecycle.markPaid(
            tx,
            order,
            { paymentId: event.paymentId, chargeId: event.chargeId, at: new Date() },
            meta,
          );
        } else if (
          (order.status === 'cancelled' || order.status === 'expired') &&
          !order.chargeId
        ) {
          await this.lifecycle.refundLatePayment(tx, order, event);
        }
        return;
      }
      case 'payment.failed': {
        const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
        if (!order) return this.unknown(event);
        // Only the attempt still pending counts; a late failure of an older one is stale.
        if (order.status !== 'pending_payment' || order.paymentId !== event.paymentId) return;
        order.lastPaymentErrorCode = event.failureCode.slice(0, 60);
        order.lastPaymentErrorMessage = event.failureMessage.slice(0, 300);
        await this.orders.update(tx, order);
        return;
      }
      case 'refund.succeeded': {
        const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
        if (!order) return this.unknown(event);
        // A refund proves the payment succeeded: when its event is applied first (webhooks
        // come in any order), the order becomes paid now and the later success changes nothing.
        if (order.status === 'pending_payment' && event.amountCents > 0)
          await this.lifecycle.markPaid(
            tx,
            order,
            { paymentId: event.paymentId, chargeId: event.chargeId, at: new Date() },
            meta,
          );
        const decision = decideExternalRefund(
          {
            status: order.status as OrderStatus,
            totalCents: order.totalCents,
            refundedCents: order.refundedCents,
          },
          event.amountCents,
        );
        if (decision.kind === 'refund')
          return this.lifecycle.externalRefund(tx, order, decision, meta);
        if (decision.kind === 'not_held') {
          // Money already released (or under dispute): the disputes issue settles it.
          this.log.warn(
            `${event.type} ${event.eventId} for ${order.status} order ${order.id} recorded`,
          );
          return;
        }
        // Loadout's own refund (cancelled / late payment) was posted when the order closed.
        await this.lifecycle.refundConfirmed(tx, order, event.amountCents, meta);
        return;
      }
      case 'account.updated': {
        const account = await this.accounts.findByAccountId(event.accountId, tx);
        if (!account) return this.unknown(event);
        await this.accounts.upsert(tx, { ...account, status: event.status });
        if (event.status === 'complete') await this.jobs.wakeTransfers(tx, account.sellerId);
        return;
      }
      case 'transfer.reversed':
      case 'dispute.created':
      case 'dispute.closed':
      case 'payout.failed':
        // Handled by the disputes issue; recorded in the inbox for now.
        this.log.warn(`${event.type} ${event.eventId} for order ${event.orderId ?? '-'} recorded`);
        return;
    }
  }

  private unknown(event: PaymentEvent): void {
    this.log.warn(`${event.type} ${event.eventId}: no matching order or account; ignored`);
  }
}
