import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { OrderAccess } from '../order-access';
import { OrderLifecycle } from '../order-lifecycle';
import { OrderRepository } from '../persistence/order.repository';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/** Buyer or seller cancels before shipping: full refund (fee included) and the listing freed. */
@Injectable()
export class CancelOrderHandler {
  constructor(
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly lifecycle: OrderLifecycle,
    private readonly worker: OrdersWorker,
  ) {}

  async cancel(
    id: string,
    reason: string | undefined,
    user: AuthUser,
    requestId?: string,
  ): Promise<OrderView> {
    const order = await this.orders.transaction(async (tx) => {
      const { order, actor } = await this.access.lockFor(tx, id, user);
      await this.lifecycle.cancel(tx, order, actor, reason?.trim() || null, {
        actorId: user.id,
        requestId,
      });
      return order;
    });
    this.worker.wake();
    return this.access.view(order);
  }
}
