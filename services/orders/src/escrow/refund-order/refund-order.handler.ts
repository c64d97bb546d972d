import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../domain/order-repository.port';
import { OrderAccess } from '../order-access';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/** Admin refunds what Loadout still holds for an order (ADR 0013, "partially_refunded"). */
@Injectable()
export class RefundOrderHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly worker: OrdersWorker,
  ) {}

  async refund(id: string, reason: string, user: AuthUser, requestId?: string): Promise<OrderView> {
    const why = reason.trim(); // never blank: the DTO asks for a non-space character
    const { order, actor } = await this.uow.transaction(async (tx) => {
      const { order, actor } = await this.access.lockFor(tx, id, user);
      const change = order.adminRefund(why, new Date());
      await this.orders.save(tx, change, { actorId: user.id, requestId });
      return { order: change.order, actor };
    });
    this.worker.wake();
    return this.access.view(order, actor);
  }
}
