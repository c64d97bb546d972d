import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../domain/order-repository.port';
import { OrderAccess } from '../order-access';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/** Buyer or seller cancels before shipping: full refund (fee included) and the listing freed. */
@Injectable()
export class CancelOrderHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly worker: OrdersWorker,
  ) {}

  async cancel(
    id: string,
    reason: string | undefined,
    user: AuthUser,
    requestId?: string,
  ): Promise<OrderView> {
    const { order, actor } = await this.uow.transaction(async (tx) => {
      const { order, actor } = await this.access.lockFor(tx, id, user);
      const change = order.cancel(actor, reason?.trim() || null, new Date());
      await this.orders.save(tx, change, { actorId: user.id, requestId });
      return { order: change.order, actor };
    });
    this.worker.wake();
    return this.access.view(order, actor);
  }
}
