import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { OrdersWorker } from '../../escrow/run-deadlines/orders-worker';
import { DisputeWorkflow } from '../dispute-workflow';

/** The buyer takes the seller's partial refund: refund + release of the rest, one transaction. */
@Injectable()
export class AcceptProposalHandler {
  constructor(
    private readonly workflow: DisputeWorkflow,
    private readonly worker: OrdersWorker,
  ) {}

  async accept(id: string, user: AuthUser, requestId?: string): Promise<DisputeView> {
    const view = await this.workflow.act(id, user, requestId, ({ dispute, actor }, now) =>
      dispute.acceptProposal(actor, now),
    );
    this.worker.wake();
    return view;
  }
}
