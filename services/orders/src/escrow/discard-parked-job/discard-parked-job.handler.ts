import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';
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
  ) {}

  async discard(id: string): Promise<void> {
    if (!(await this.uow.transaction((tx) => this.jobs.discardParked(tx, id))))
      throw parkedJobNotFound();
  }
}
