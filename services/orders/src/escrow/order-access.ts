import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type OrderActor, type OrderView } from '@loadout/contracts';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { actorOf } from './domain/order-state';
import { orderNotFound } from './domain/order.errors';
import { type OrderEntity } from './persistence/order.entity';
import { toOrderView } from './persistence/order.mapper';
import { OrderRepository } from './persistence/order.repository';

/**
 * Object-level access: the buyer, the seller and admins see an order; anyone else gets the
 * same 404 as for an id that does not exist (no probing for order ids).
 */
@Injectable()
export class OrderAccess {
  constructor(private readonly orders: OrderRepository) {}

  /** Locks the order for the caller's transaction and tells who the user is to it. */
  async lockFor(
    tx: EntityManager,
    id: string,
    user: AuthUser,
  ): Promise<{ order: OrderEntity; actor: OrderActor }> {
    const order = await this.orders.lock(tx, id);
    const actor = order ? actorOf(order, { id: user.id, isAdmin: isAdmin(user) }) : null;
    if (!order || !actor) throw orderNotFound();
    return { order, actor };
  }

  async viewFor(id: string, user: AuthUser): Promise<OrderView> {
    const order = await this.orders.findById(id);
    if (!order || !actorOf(order, { id: user.id, isAdmin: isAdmin(user) })) throw orderNotFound();
    return this.view(order);
  }

  async view(order: OrderEntity): Promise<OrderView> {
    const timelines = await this.orders.timelines([order.id]);
    return toOrderView(order, timelines.get(order.id) ?? []);
  }
}
