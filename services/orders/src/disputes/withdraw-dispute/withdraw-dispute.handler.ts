import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { DisputeWorkflow } from '../dispute-workflow';

/**
 * The buyer withdraws: nothing is refunded, and the order goes back to paid or shipped with
 * its clock (ship-by or automatic release) at least 3 days away.
 */
@Injectable()
export class WithdrawDisputeHandler {
  constructor(private readonly workflow: DisputeWorkflow) {}

  withdraw(id: string, user: AuthUser, requestId?: string): Promise<DisputeView> {
    return this.workflow.act(
      id,
      user,
      requestId,
      async ({ dispute, order, actor, tx, meta }, now) => {
        // Checked before the order moves: a refusal must leave the order as it was.
        const withdrawn = dispute.withdraw(actor, now, null);
        const resumed = await this.workflow.resumeOrder(
          tx,
          order,
          dispute.id,
          'buyer',
          'Dispute withdrawn by the buyer.',
          meta,
          now,
        );
        return resumed.until ? dispute.withdraw(actor, now, resumed.until) : withdrawn;
      },
    );
  }
}
