import { Inject, Injectable } from '@nestjs/common';
import { type Tx, UnitOfWork } from '@loadout/service-kit';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ReportedPaymentEvent,
} from '../../payments/payment-provider.port';
import { JobRepository } from '../domain/job-repository.port';
import { LedgerRepository } from '../domain/ledger-repository.port';
import { type ClaimedJob, type JobKind } from '../domain/jobs';
import { type Order } from '../domain/order';
import { OrderRepository } from '../domain/order-repository.port';
import { PaymentEventRepository } from '../domain/payment-event-repository.port';
import { PayoutAccountRepository } from '../domain/payout-account-repository.port';

export type JobOutcome = { done: true } | { done: false; retryInMs: number; reason: string };

const DONE: JobOutcome = { done: true };
/** A transfer waits for the seller's onboarding; account completion wakes it earlier. */
const WAIT_FOR_PAYOUT_ACCOUNT_MS = 60 * 60_000;

/**
 * Runs one leased job. A deadline is a transition: one transaction that locks the order, then
 * the job (the lock order of every user action: issue 23 scenario 4), and does nothing when
 * the order has left the state it was set for. A side effect calls the processor with no
 * transaction open and no lock held (a slow answer blocks nobody), then records what it
 * reported and completes the job in a short transaction. The processor is idempotent by
 * idempotency key, so a retry is safe. Listings learns an order's outcome from its events
 * (released or sold: ADR 0044), not from a job.
 */
@Injectable()
export class JobRunner {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly jobs: JobRepository,
    private readonly inbox: PaymentEventRepository,
    private readonly accounts: PayoutAccountRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  private readonly handlers = new Map<JobKind, (job: ClaimedJob) => Promise<JobOutcome>>();

  /** Another area's deadlines (disputes, offers) run through their own handler, registered at boot. */
  register(
    kind: 'dispute_escalate' | 'offer_pay_reminder',
    handler: (job: ClaimedJob) => Promise<JobOutcome>,
  ): void {
    this.handlers.set(kind, handler);
  }

  async run(job: ClaimedJob): Promise<JobOutcome> {
    switch (job.kind) {
      case 'expire_unpaid':
      case 'ship_by':
      case 'auto_release':
      case 'release_reminder': {
        const kind = job.kind;
        return this.uow.transaction(async (tx) => {
          const order = await this.orders.lock(tx, job.orderId);
          if (!(await this.jobs.lockOpen(tx, job.id))) return DONE; // closed by a transition
          const change = order?.deadlineDue({ kind, day: job.day }, new Date());
          if (change)
            await this.orders.save(tx, change, { actorId: null, requestId: `job:${job.id}` });
          await this.jobs.complete(tx, job.id);
          return DONE;
        });
      }
      case 'dispute_escalate':
      case 'offer_pay_reminder': {
        const handler = this.handlers.get(job.kind);
        if (!handler) throw new Error(`no handler for ${job.kind} jobs`);
        return handler(job);
      }
      case 'refund_payment':
      case 'refund_stray_payment':
      case 'cancel_payment':
      case 'transfer_to_seller':
      case 'reverse_transfer': {
        const order = await this.uow.read((tx) => this.orders.findById(tx, job.orderId));
        if (!order) return this.finish(job, []);
        if (job.kind === 'reverse_transfer') return this.reverseTransfers(job, order);
        const outcome = await this.sideEffect(job, order);
        if ('done' in outcome) return outcome;
        return this.finish(job, outcome.reported ?? [], outcome.record);
      }
    }
  }

  /** The outside call of a side-effect job: what the processor reported, or a wait. */
  private async sideEffect(job: ClaimedJob, order: Order): Promise<SideEffectResult | JobOutcome> {
    const o = order.props;
    switch (job.kind) {
      case 'refund_payment': {
        if (!o.chargeId) return {};
        // The retry of a failed refund books its amount as pending again first (ADR 0042);
        // a retry a later failure superseded asks nothing.
        if (job.ref.startsWith('retry:') && !(await this.refundRetried(job))) return {};
        // A job with an amount refunds exactly that (a dispute's partial refund, its own key);
        // without, the rest of the payment.
        const exact = job.payload?.amountCents;
        const amountCents = exact ?? o.totalCents;
        const paymentId = o.paymentId ?? o.chargeId;
        const result = await this.payments.refund({
          orderId: o.id,
          paymentId,
          amountCents,
          exact: exact !== undefined,
          idempotencyKey: job.ref ? `order:${o.id}:refund:${job.ref}` : `order:${o.id}:refund:1`,
        });
        const { refundId } = result;
        if (result.status !== 'failed' || !refundId) return { reported: result.reported };
        // Failed at once: the same as its `refund.failed` event (once per refund id).
        return {
          reported: result.reported,
          record: async (tx) => {
            const current = await this.orders.lock(tx, o.id);
            if (!current) return;
            const known = await this.ledger.hasEntry(tx, o.id, 'refund_failed', refundId);
            const change = current.refundFailed(
              { paymentId, refundId, amountCents, reason: result.failureReason ?? 'failed' },
              known,
              new Date(),
            );
            if (change)
              await this.orders.save(tx, change, { actorId: null, requestId: `job:${job.id}` });
          },
        };
      }
      case 'refund_stray_payment': {
        const result = await this.payments.refund({
          orderId: o.id,
          paymentId: job.ref,
          amountCents: job.payload?.amountCents ?? 0,
          idempotencyKey: `order:${o.id}:refund:${job.ref}`,
        });
        return { reported: result.reported };
      }
      case 'cancel_payment':
        await this.payments.cancelPayment({
          paymentId: job.ref,
          idempotencyKey: `order:${o.id}:cancel:${job.ref}`,
        });
        return {};
      case 'transfer_to_seller': {
        // An open card chargeback freezes the money: no transfer until the network decides.
        if (o.chargebackStatus === 'open')
          return {
            done: false,
            retryInMs: WAIT_FOR_PAYOUT_ACCOUNT_MS,
            reason: 'waiting for a card chargeback to close',
          };
        // A chargeback lost before the transfer: the seller's share covers the loss instead.
        if (o.chargebackStatus === 'lost')
          return {
            record: async (tx) => {
              const current = await this.orders.lock(tx, o.id);
              const change = current?.transferWithheld(
                job.payload?.amountCents ?? o.sellerReceivesCents,
              );
              if (change)
                await this.orders.save(tx, change, { actorId: null, requestId: `job:${job.id}` });
            },
          };
        const account = await this.uow.read((tx) => this.accounts.findBySeller(tx, o.sellerId));
        if (!account || account.status !== 'complete')
          return {
            done: false,
            retryInMs: WAIT_FOR_PAYOUT_ACCOUNT_MS,
            reason: 'waiting for the seller to complete payout onboarding',
          };
        // A partly refunded dispute releases less (the job carries it).
        const amountCents = job.payload?.amountCents ?? o.sellerReceivesCents;
        const { transferId } = await this.payments.transferToSeller({
          orderId: o.id,
          paymentId: o.chargeId ?? o.paymentId ?? '',
          sellerAccountId: account.accountId,
          amountCents,
          idempotencyKey: `order:${o.id}:release`,
        });
        // Booked when made (issue 23 scenario 6): seller_payable says what is still owed.
        return {
          record: async (tx) => {
            const current = await this.orders.lock(tx, o.id);
            if (current)
              await this.orders.save(tx, current.transferred(transferId, amountCents, new Date()), {
                actorId: null,
                requestId: `job:${job.id}`,
              });
          },
        };
      }
      case 'expire_unpaid':
      case 'ship_by':
      case 'auto_release':
      case 'release_reminder':
      case 'dispute_escalate':
      case 'reverse_transfer':
      case 'offer_pay_reminder':
        return DONE; // deadlines are transitions (run above), never outside calls
    }
  }

  /**
   * Before a failed refund is asked again: its amount leaves escrow for `refund_pending` (once
   * per retry). False when a later failure queued a newer retry: this one asks nothing.
   */
  private refundRetried(job: ClaimedJob): Promise<boolean> {
    const n = Number(job.ref.slice('retry:'.length));
    return this.uow.transaction(async (tx) => {
      const order = await this.orders.lock(tx, job.orderId);
      if (!order) return false;
      const { ask, change } = order.refundRetried(n, new Date());
      if (change) await this.orders.save(tx, change, { actorId: null, requestId: `job:${job.id}` });
      return ask;
    });
  }

  /**
   * Takes back what reached the seller (a chargeback lost after the payout): each transfer of
   * the order less what is reversed already, one call per transfer (its key names the level it
   * reaches, so a retry or the webhook of the same reversal books it once), then the booking.
   */
  private async reverseTransfers(job: ClaimedJob, order: Order): Promise<JobOutcome> {
    const transfers = await this.uow.read((tx) => this.ledger.transfersOf(tx, order.id));
    for (const t of transfers) {
      if (t.amountCents <= t.reversedCents) continue;
      await this.payments.reverseTransfer({
        orderId: order.id,
        transferId: t.transferId,
        amountCents: t.amountCents - t.reversedCents,
        idempotencyKey: `order:${order.id}:reverse:${t.transferId}:${t.amountCents}`,
      });
      await this.uow.transaction(async (tx) => {
        const current = await this.orders.lock(tx, order.id);
        const change = current?.transferReversed(
          {
            transferId: t.transferId,
            reversedCents: t.amountCents,
            alreadyCents: await this.ledger.reversedOf(tx, order.id, t.transferId),
          },
          new Date(),
        );
        if (change)
          await this.orders.save(tx, change, { actorId: null, requestId: `job:${job.id}` });
      });
    }
    return this.finish(job, []);
  }

  /** What the processor reported goes into the inbox with the job's completion. */
  private finish(
    job: ClaimedJob,
    reported: ReportedPaymentEvent[],
    record?: (tx: Tx) => Promise<void>,
  ): Promise<JobOutcome> {
    return this.uow.transaction(async (tx) => {
      // The order first, then the job (one lock order everywhere: issue 23 scenario 4).
      if (record) await record(tx);
      for (const r of reported)
        await this.inbox.record(tx, r.event, { availableAt: r.availableAt });
      await this.jobs.complete(tx, job.id);
      return DONE;
    });
  }
}

/** What a side effect's outside call leaves to record with the job's completion. */
interface SideEffectResult {
  reported?: ReportedPaymentEvent[];
  /** Books what was done on the order (locked first), in the completing transaction. */
  record?: (tx: Tx) => Promise<void>;
}
