import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../domain/order-repository.port';
import { OrderAccess } from '../order-access';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/**
 * The buyer confirms delivery: the money is released (ledger + transfer job) in one
 * transaction on the locked order, so concurrent clicks release once; the rest get 409.
 */
@Injectable()
export class ConfirmDeliveryHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly worker: OrdersWorker,
  ) {}

  async confirm(id: string, user: AuthUser, requestId?: string): Promise<OrderView> {
    const { order, actor, timeline } = await this.uow.transaction(async (tx) => {
      const { order, actor } = await this.access.lockFor(tx, id, user);
      const change = order.release(actor, new Date());
      const timeline = await this.orders.save(tx, change, { actorId: user.id, requestId });
      return { order: change.order, actor, timeline };
    });
    this.worker.wake();
    return this.access.viewOf(order, timeline, actor);
  }
}
