import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';
import { PaymentEventRepository } from '../domain/payment-event-repository.port';
import { parkedEventId } from '../list-parked-jobs/parked-ids';
import { parkedJobNotFound } from '../domain/order.errors';

/**
 * An admin discards a parked job (settled by hand, e.g. refunded in the Stripe dashboard): it
 * is done for good and kept with its error. It moves no money: the ledger stays as it was.
 */
@Injectable()
export class DiscardParkedJobHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: JobRepository,
    private readonly events: PaymentEventRepository,
  ) {}

  async discard(id: string): Promise<void> {
    const eventId = parkedEventId(id);
    const discarded = await this.uow.transaction((tx) =>
      eventId === null ? this.jobs.discardParked(tx, id) : this.events.discardParked(tx, eventId),
    );
    if (!discarded) throw parkedJobNotFound();
  }
}
