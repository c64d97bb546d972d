import { Injectable, type OnModuleInit } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../../escrow/domain/job-repository.port';
import { type ClaimedJob } from '../../escrow/domain/jobs';
import { OrderRepository } from '../../escrow/domain/order-repository.port';
import { JobRunner, type JobOutcome } from '../../escrow/run-deadlines/job-runner';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { DisputeWorkflow } from '../dispute-workflow';

/**
 * A `dispute_escalate` job came due (the seller did not answer in 3 days, or the buyer did not
 * take a proposal): the dispute goes to admins. Locks the order, then the job, then the
 * dispute (the lock order of every action); nothing when the dispute moved on meanwhile.
 */
@Injectable()
export class EscalateOverdueDisputeHandler implements OnModuleInit {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly jobs: JobRepository,
    private readonly disputes: DisputeRepository,
    private readonly workflow: DisputeWorkflow,
    private readonly runner: JobRunner,
  ) {}

  onModuleInit(): void {
    this.runner.register('dispute_escalate', (job) => this.run(job));
  }

  run(job: ClaimedJob): Promise<JobOutcome> {
    return this.uow.transaction(async (tx) => {
      const order = await this.orders.lock(tx, job.orderId);
      if (!(await this.jobs.lockOpen(tx, job.id))) return { done: true };
      const dispute = order ? await this.disputes.lock(tx, job.ref) : null;
      const now = new Date();
      const change = dispute?.deadlinePassed(now);
      if (order && change)
        await this.workflow.save(
          tx,
          change,
          order,
          'system',
          { actorId: null, requestId: `job:${job.id}` },
          now,
        );
      await this.jobs.complete(tx, job.id);
      return { done: true };
    });
  }
}
