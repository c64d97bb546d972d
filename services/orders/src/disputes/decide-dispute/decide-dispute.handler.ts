import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DecideDisputeRequest, type DisputeView } from '@loadout/contracts';
import { OrdersWorker } from '../../escrow/run-deadlines/orders-worker';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { DisputeWorkflow } from '../dispute-workflow';

/**
 * An admin decides an escalated dispute: release, full refund or partial refund, with a
 * statement of reasons (kept on the dispute, in its thread and in the resolved event, which
 * tells both parties). The money moves in the same transaction.
 */
@Injectable()
export class DecideDisputeHandler {
  constructor(
    private readonly workflow: DisputeWorkflow,
    private readonly disputes: DisputeRepository,
    private readonly worker: OrdersWorker,
  ) {}

  async decide(
    id: string,
    body: DecideDisputeRequest,
    user: AuthUser,
    requestId?: string,
  ): Promise<DisputeView> {
    const view = await this.workflow.act(
      id,
      user,
      requestId,
      async ({ dispute, actor, tx }, now) => {
        const change = dispute.decide(
          actor,
          { outcome: body.outcome, amountCents: body.amountCents, statement: body.statement },
          now,
        );
        await this.disputes.addMessage(tx, {
          disputeId: dispute.id,
          authorId: user.id,
          authorRole: 'admin',
          // The reasons themselves (up to 2,000 characters, the thread's limit).
          body: body.statement.trim(),
        });
        return change;
      },
    );
    this.worker.wake();
    return view;
  }
}
