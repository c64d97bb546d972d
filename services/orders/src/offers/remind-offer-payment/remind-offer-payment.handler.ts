import { Injectable, type OnModuleInit } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../../escrow/domain/job-repository.port';
import { type ClaimedJob } from '../../escrow/domain/jobs';
import { OrderRepository } from '../../escrow/domain/order-repository.port';
import { JobRunner, type JobOutcome } from '../../escrow/run-deadlines/job-runner';
import { OfferRepository } from '../domain/offer-repository.port';
import { OfferEvents } from '../persistence/offer-events';

/**
 * An `offer_pay_reminder` job came due (half-way through an accepted offer's pay window): if
 * the order is still unpaid, `orders.offer.pay_reminder.v1` tells the buyer to pay before it
 * expires (ADR 0037). Locks the order, then the job (the escrow's lock order); nothing when the
 * order was paid, cancelled or expired meanwhile.
 */
@Injectable()
export class RemindOfferPaymentHandler implements OnModuleInit {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly jobs: JobRepository,
    private readonly offers: OfferRepository,
    private readonly events: OfferEvents,
    private readonly runner: JobRunner,
  ) {}

  onModuleInit(): void {
    this.runner.register('offer_pay_reminder', (job) => this.run(job));
  }

  run(job: ClaimedJob): Promise<JobOutcome> {
    return this.uow.transaction(async (tx) => {
      const order = await this.orders.lock(tx, job.orderId);
      if (!(await this.jobs.lockOpen(tx, job.id))) return { done: true };
      const offer = await this.offers.find(tx, job.ref);
      const p = order?.props;
      if (p && offer && p.status === 'pending_payment' && p.payBy)
        await this.events.appendPayReminder(tx, offer, {
          orderId: p.id,
          totalCents: p.totalCents,
          payBy: p.payBy,
          requestId: `job:${job.id}`,
        });
      await this.jobs.complete(tx, job.id);
      return { done: true };
    });
  }
}
