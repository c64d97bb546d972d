import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { OrdersWorker } from '../../escrow/run-deadlines/orders-worker';
import { DisputeWorkflow } from '../dispute-workflow';

/**
 * The seller confirms the returned item arrived: the buyer is refunded in full and the listing
 * can be sold again (the item is back with the seller).
 */
@Injectable()
export class ConfirmReturnHandler {
  constructor(
    private readonly workflow: DisputeWorkflow,
    private readonly worker: OrdersWorker,
  ) {}

  async confirm(id: string, user: AuthUser, requestId?: string): Promise<DisputeView> {
    const view = await this.workflow.act(id, user, requestId, ({ dispute, actor }, now) =>
      dispute.confirmReturn(actor, now),
    );
    this.worker.wake();
    return view;
  }
}
