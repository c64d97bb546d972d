import { Inject, Injectable } from '@nestjs/common';
import { type Tx } from '@loadout/service-kit';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.port';
import { type ClaimedJob } from '../domain/jobs';
import { OrderRepository } from '../domain/order-repository.port';
import { PaymentEventRepository } from '../domain/payment-event-repository.port';
import { PayoutAccountRepository } from '../domain/payout-account-repository.port';
import { LISTINGS_GATEWAY, type ListingsGateway } from '../listings/listings.gateway';

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
    private readonly inbox: PaymentEventRepository,
    private readonly accounts: PayoutAccountRepository,
  ) {}

  async run(tx: Tx, job: ClaimedJob): Promise<JobOutcome> {
    const order = await this.orders.lock(tx, job.orderId);
    if (!order) return DONE;
    const o = order.props;
    switch (job.kind) {
      case 'expire_unpaid':
      case 'ship_by':
      case 'auto_release':
      case 'release_reminder': {
        const change = order.deadlineDue({ kind: job.kind, day: job.day }, new Date());
        if (change)
          await this.orders.save(tx, change, { actorId: null, requestId: `job:${job.id}` });
        return DONE;
      }
      case 'release_listing':
        await this.listings.release(o.listingId, o.id);
        return DONE;
      case 'mark_listing_sold':
        await this.listings.markSold(o.listingId, o.id);
        return DONE;
      case 'refund_payment': {
        if (!o.chargeId) return DONE;
        const result = await this.payments.refund({
          orderId: o.id,
          paymentId: o.paymentId ?? o.chargeId,
          amountCents: o.totalCents,
          idempotencyKey: `order:${o.id}:refund:1`,
        });
        // The simulated processor's refund event goes into the inbox with this job's commit.
        for (const r of result.reported ?? [])
          await this.inbox.record(tx, r.event, { availableAt: r.availableAt });
        return DONE;
      }
      case 'refund_stray_payment': {
        const result = await this.payments.refund({
          orderId: o.id,
          paymentId: job.ref,
          amountCents: job.payload?.amountCents ?? 0,
          idempotencyKey: `order:${o.id}:refund:${job.ref}`,
        });
        for (const r of result.reported ?? [])
          await this.inbox.record(tx, r.event, { availableAt: r.availableAt });
        return DONE;
      }
      case 'cancel_payment':
        await this.payments.cancelPayment({
          paymentId: job.ref,
          idempotencyKey: `order:${o.id}:cancel:${job.ref}`,
        });
        return DONE;
      case 'transfer_to_seller': {
        const account = await this.accounts.findBySeller(tx, o.sellerId);
        if (!account || account.status !== 'complete')
          return {
            done: false,
            retryInMs: WAIT_FOR_PAYOUT_ACCOUNT_MS,
            reason: 'waiting for the seller to complete payout onboarding',
          };
        await this.payments.transferToSeller({
          orderId: o.id,
          paymentId: o.chargeId ?? o.paymentId ?? '',
          sellerAccountId: account.accountId,
          amountCents: o.sellerReceivesCents,
          idempotencyKey: `order:${o.id}:release`,
        });
        return DONE;
      }
    }
  }
}
