import { Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from '@loadout/http';
import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';
import { PaymentEventRepository } from '../domain/payment-event-repository.port';
import { JOB_KINDS } from '../domain/jobs';

const NAME = 'loadout_orders_parked_jobs';

/**
 * `loadout_orders_parked_jobs{kind}`: jobs that exhausted their attempts and wait for an admin
 * (issue 23 scenario 7), counted at scrape time; every kind is reported, 0 included, so an
 * alert on `> 0` needs no absent() clause. Parked payment events count as kind `payment_event`.
 */
@Injectable()
export class ParkedJobsMetrics implements OnApplicationBootstrap {
  private readonly log = new Logger(ParkedJobsMetrics.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: JobRepository,
    private readonly events: PaymentEventRepository,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.metrics || this.metrics.registry.getSingleMetric(NAME)) return;
    const count = () =>
      this.uow.read(async (tx) => [
        ...(await this.jobs.countParked(tx)),
        { kind: 'payment_event' as const, count: await this.events.countParked(tx) },
      ]);
    const log = this.log;
    new Gauge({
      name: NAME,
      help: 'Orders jobs that exhausted their attempts (parked until an admin retries or discards them)',
      labelNames: ['kind'],
      registers: [this.metrics.registry],
      async collect() {
        try {
          const counts = new Map((await count()).map((c) => [c.kind, c.count]));
          for (const kind of [...JOB_KINDS, 'payment_event'] as const)
            this.set({ kind }, counts.get(kind) ?? 0);
        } catch (err) {
          // A scrape during a database outage reports the last values rather than failing.
          log.warn(`parked jobs not counted: ${String(err)}`);
        }
      },
    });
  }
}
