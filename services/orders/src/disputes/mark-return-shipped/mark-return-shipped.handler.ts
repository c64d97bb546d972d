import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { DisputeWorkflow } from '../dispute-workflow';

/** Return and refund: the buyer says the item is on its way back (the seller then confirms). */
@Injectable()
export class MarkReturnShippedHandler {
  constructor(private readonly workflow: DisputeWorkflow) {}

  mark(id: string, user: AuthUser, requestId?: string): Promise<DisputeView> {
    return this.workflow.act(id, user, requestId, ({ dispute, actor }, now) =>
      dispute.markReturnShipped(actor, now, this.workflow.rules),
    );
  }
}
