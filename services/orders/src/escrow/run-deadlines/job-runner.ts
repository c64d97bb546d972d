import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.port';
import { LISTINGS_GATEWAY, type ListingsGateway } from '../listings/listings.gateway';
import { OrderEvents } from '../order-events';
import { OrderLifecycle } from '../order-lifecycle';
import { type ClaimedJob } from '../persistence/job.repository';
import { OrderRepository } from '../persistence/order.repository';
import { PayoutAccountRepository } from '../persistence/payout-account.repository';

export type JobOutcome = { done: true } | { done: false; retryInMs: number; reason: string };

const DONE: JobOutcome = { done: true };
/** A transfer waits for the seller's onboarding; account completion wakes it earlier. */
const WAIT_FOR_PAYOUT_ACCOUNT_MS = 60 * 60_000;

/**
 * Runs one claimed job inside the worker's transaction (the job row stays locked, so no other
 * replica runs it meanwhile). Deadlines do nothing when the order has left the state they
 * were set for; side effects are idempotent on the other side (listings by order id, the
 * processor by idempotency key), so a retry after a crash is safe.
 */
@Injectable()
export class JobRunner {
  constructor(
    @Inject(LISTINGS_GATEWAY) private readonly listings: ListingsGateway,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly orders: OrderRepository,
    private readonly lifecycle: OrderLifecycle,
    private readonly events: OrderEvents,
    private readonly accounts: PayoutAccountRepository,
  ) {}

  async run(tx: EntityManager, job: ClaimedJob): Promise<JobOutcome> {
    const order = await this.orders.lock(tx, job.orderId);
    if (!order) return DONE;
    const meta = { actorId: null, requestId: `job:${job.id}` };
    switch (job.kind) {
      case 'expire_unpaid':
        if (order.status === 'pending_payment') await this.lifecycle.expire(tx, order, meta);
        return DONE;
      case 'ship_by':
        if (order.status === 'paid')
          await this.lifecycle.cancel(
            tx,
            order,
            'system',
            'The seller did not mark it shipped in time.',
            meta,
          );
        return DONE;
      case 'auto_release':
        if (order.status === 'shipped') await this.lifecycle.release(tx, order, 'system', meta);
        return DONE;
      case 'release_reminder':
        if (order.status === 'shipped' && order.autoReleaseAt)
          await this.events.append(
            tx,
            'orders.order.reminder.v1',
            order,
            {
              kind: 'auto_release',
              day: job.day,
              autoReleaseAt: order.autoReleaseAt.toISOString(),
            },
            meta,
          );
        return DONE;
      case 'release_listing':
        await this.listings.release(order.listingId, order.id);
        return DONE;
      case 'mark_listing_sold':
        await this.listings.markSold(order.listingId, order.id);
        return DONE;
      case 'refund_payment':
        if (!order.chargeId) return DONE;
        await this.payments.refund({
          orderId: order.id,
          paymentId: order.paymentId ?? order.chargeId,
          amountCents: order.totalCents,
          idempotencyKey: `order:${order.id}:refund:1`,
        });
        return DONE;
      case 'transfer_to_seller': {
        const account = await this.accounts.findBySeller(order.sellerId, tx);
        if (!account || account.status !== 'complete')
          return {
            done: false,
            retryInMs: WAIT_FOR_PAYOUT_ACCOUNT_MS,
            reason: 'waiting for the seller to complete payout onboarding',
          };
        await this.payments.transferToSeller({
          orderId: order.id,
          paymentId: order.chargeId ?? order.paymentId ?? '',
          sellerAccountId: account.accountId,
          amountCents: order.sellerReceivesCents,
          idempotencyKey: `order:${order.id}:release`,
        });
        return DONE;
      }
    }
  }
}
