import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';
import { PaymentEventRepository } from '../domain/payment-event-repository.port';
import { parkedEventId } from '../list-parked-jobs/parked-ids';
import { parkedJobNotFound } from '../domain/order.errors';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/**
 * An admin retries a parked job: open again with fresh attempts, due now. The job's own
 * guards still hold (a deadline does nothing on an order that moved on; the processor and
 * listings are called with the same idempotency keys).
 */
@Injectable()
export class RetryParkedJobHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: JobRepository,
    private readonly events: PaymentEventRepository,
    private readonly worker: OrdersWorker,
  ) {}

  async retry(id: string): Promise<{ retried: true }> {
    const eventId = parkedEventId(id);
    const retried = await this.uow.transaction((tx) =>
      eventId === null ? this.jobs.retryParked(tx, id) : this.events.retryParked(tx, eventId),
    );
    if (!retried) throw parkedJobNotFound();
    this.worker.wake();
    return { retried: true };
  }
}
