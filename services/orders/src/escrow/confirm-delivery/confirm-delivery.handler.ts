import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { OrderAccess } from '../order-access';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/**
 * The buyer confirms delivery: the money is released (ledger + transfer job) with the order's
 * change, by one guarded write (ADR 0062), so concurrent clicks release once; the rest get 409.
 */
@Injectable()
export class ConfirmDeliveryHandler {
  constructor(
    private readonly access: OrderAccess,
    private readonly worker: OrdersWorker,
  ) {}

  async confirm(id: string, user: AuthUser, requestId?: string): Promise<OrderView> {
    const { change, actor, timeline } = await this.access.transition(
      id,
      user,
      (order, actor) => ({ change: order.release(actor, new Date()) }),
      { actorId: user.id, requestId },
    );
    this.worker.wake();
    return this.access.viewOf(change.order, timeline, actor);
  }
}
