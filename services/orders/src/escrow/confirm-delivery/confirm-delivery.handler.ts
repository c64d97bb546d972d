import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { OrderAccess } from '../order-access';
import { OrderLifecycle } from '../order-lifecycle';
import { OrderRepository } from '../persistence/order.repository';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/**
 * The buyer confirms delivery: the money is released (ledger + transfer job) in one
 * transaction on the locked order, so concurrent clicks release once; the rest get 409.
 */
@Injectable()
export class ConfirmDeliveryHandler {
  constructor(
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly lifecycle: OrderLifecycle,
    private readonly worker: OrdersWorker,
  ) {}

  async confirm(id: string, user: AuthUser, requestId?: string): Promise<OrderView> {
    const order = await this.orders.transaction(async (tx) => {
      const { order, actor } = await this.access.lockFor(tx, id, user);
      await this.lifecycle.release(tx, order, actor, { actorId: user.id, requestId });
      return order;
    });
    this.worker.wake();
    return this.access.view(order);
  }
}
