import { Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type OrderActor, type OrderView } from '@loadout/contracts';
import { UnitOfWork, type Tx } from '@loadout/service-kit';
import { type Order, type TimelineEntry } from './domain/order';
import { OrderRepository } from './domain/order-repository.port';
import { orderNotFound } from './domain/order.errors';
import { toOrderView } from './order-view';

/**
 * Object-level access: the buyer, the seller and admins see an order; anyone else gets the
 * same 404 as for an id that does not exist (no probing for order ids). What each of them sees
 * of the delivery address is `deliveryAddressVisibleTo` (ADR 0029).
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
      const actor = order?.actorFor({ id: user.id, isAdmin: isAdmin(user) });
      if (!order || !actor) throw orderNotFound();
      return this.viewIn(tx, order, actor);
    });
  }

  /** The view of an order just saved (its timeline read after the commit), as `viewer` sees it. */
  view(order: Order, viewer: OrderActor): Promise<OrderView> {
    return this.uow.read((tx) => this.viewIn(tx, order, viewer));
  }

  /** The view of an order just saved, with the timeline its save answered (no read). */
  viewOf(order: Order, timeline: readonly TimelineEntry[], viewer: OrderActor): OrderView {
    return toOrderView(order, timeline, viewer);
  }

  private async viewIn(tx: Tx, order: Order, viewer: OrderActor): Promise<OrderView> {
    const timelines = await this.orders.timelines(tx, [order.id]);
    return toOrderView(order, timelines.get(order.id) ?? [], viewer);
  }
}
