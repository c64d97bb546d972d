import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DisputeView, type RespondToDisputeRequest } from '@loadout/contracts';
import { OrdersWorker } from '../../escrow/run-deadlines/orders-worker';
import { DisputeWorkflow } from '../dispute-workflow';

/** The seller accepts (settled at once), proposes a partial refund, or contests (to admins). */
@Injectable()
export class RespondToDisputeHandler {
  constructor(
    private readonly workflow: DisputeWorkflow,
    private readonly worker: OrdersWorker,
  ) {}

  async respond(
    id: string,
    body: RespondToDisputeRequest,
    user: AuthUser,
    requestId?: string,
  ): Promise<DisputeView> {
    const view = await this.workflow.act(id, user, requestId, ({ dispute, actor }, now) =>
      dispute.respond(
        actor,
        { kind: body.kind, amountCents: body.amountCents ?? null, message: body.message },
        now,
        this.workflow.rules,
      ),
    );
    this.worker.wake();
    return view;
  }
}
