import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { OrderAccess } from '../order-access';
import { OrderLifecycle } from '../order-lifecycle';
import { OrderRepository } from '../persistence/order.repository';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/** Admin refunds what Loadout still holds for an order (ADR 0013, "partially_refunded"). */
@Injectable()
export class RefundOrderHandler {
  constructor(
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly lifecycle: OrderLifecycle,
    private readonly worker: OrdersWorker,
  ) {}

  async refund(id: string, reason: string, user: AuthUser, requestId?: string): Promise<OrderView> {
    const why = reason.trim(); // never blank: the DTO asks for a non-space character
    const order = await this.orders.transaction(async (tx) => {
      const { order } = await this.access.lockFor(tx, id, user);
      await this.lifecycle.adminRefund(tx, order, why, { actorId: user.id, requestId });
      return order;
    });
    this.worker.wake();
    return this.access.view(order);
  }
}
