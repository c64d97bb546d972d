import { Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type OrderActor, type OrderView } from '@loadout/contracts';
import { UnitOfWork, type Tx } from '@loadout/service-kit';
import { type Order } from './domain/order';
import { OrderRepository } from './domain/order-repository.port';
import { orderNotFound } from './domain/order.errors';
import { toOrderView } from './order-view';

/**
 * Object-level access: the buyer, the seller and admins see an order; anyone else gets the
 * same 404 as for an id that does not exist (no probing for order ids).
 */
@Injectable()
export class OrderAccess {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
  ) {}

  /** Locks the order for the caller's transaction and tells who the user is to it. */
  async lockFor(tx: Tx, id: string, user: AuthUser): Promise<{ order: Order; actor: OrderActor }> {
    const order = await this.orders.lock(tx, id);
    const actor = order?.actorFor({ id: user.id, isAdmin: isAdmin(user) }) ?? null;
    if (!order || !actor) throw orderNotFound();
    return { order, actor };
  }

  viewFor(id: string, user: AuthUser): Promise<OrderView> {
    return this.uow.read(async (tx) => {
      const order = await this.orders.findById(tx, id);
      if (!order?.actorFor({ id: user.id, isAdmin: isAdmin(user) })) throw orderNotFound();
      return this.viewIn(tx, order);
    });
  }

  /** The view of an order just saved (its timeline read after the commit). */
  view(order: Order): Promise<OrderView> {
    return this.uow.read((tx) => this.viewIn(tx, order));
  }

  private async viewIn(tx: Tx, order: Order): Promise<OrderView> {
    const timelines = await this.orders.timelines(tx, [order.id]);
    return toOrderView(order, timelines.get(order.id) ?? []);
  }
}
