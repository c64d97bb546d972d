import { Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type OrderActor, type OrderView } from '@loadout/contracts';
import { UnitOfWork, type Tx } from '@loadout/service-kit';
import { type Order, type OrderChange, type TimelineEntry } from './domain/order';
import { type ChangeMeta, OrderRepository, type WrittenWith } from './domain/order-repository.port';
import { orderNotFound } from './domain/order.errors';
import { toOrderView } from './order-view';

/** Who `user` is to `order`; the same 404 for no such order and for an order not theirs. */
function accessOf(order: Order | null | undefined, user: AuthUser) {
  const actor = order?.actorFor({ id: user.id, isAdmin: isAdmin(user) });
  if (!order || !actor) throw orderNotFound();
  return { order, actor };
}

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
    return accessOf(await this.orders.lock(tx, id), user);
  }

  /**
   * A transition of one order by `user` (ADR 0062): `decide` on the order as read, then one
   * statement that writes the change only if the row is still as read (no `BEGIN`, no lock,
   * no `COMMIT`). When anyone wrote the row in between, nothing is written and `decide` runs
   * again on the locked row in a transaction, as every transition did before. `decide` is
   * pure (it may run twice); what it throws is the answer (404 for who may not see the order).
   * `withChange` is written in the same statement as the change (ADR 0065), or not at all.
   */
  async transition<T extends { change: OrderChange }>(
    id: string,
    user: AuthUser,
    decide: (order: Order, actor: OrderActor) => T,
    meta: ChangeMeta,
    withChange: WrittenWith = {},
  ): Promise<T & { actor: OrderActor; timeline: TimelineEntry[] }> {
    const optimistic = await this.uow.read(async (tx) => {
      const read = await this.orders.findForChange(tx, id);
      if (!read) throw orderNotFound();
      const { order, actor } = accessOf(read.order, user);
      const decided = decide(order, actor);
      const timeline = await this.orders.saveIfUnchanged(
        tx,
        decided.change,
        meta,
        read.version,
        withChange,
      );
      return timeline && { ...decided, actor, timeline };
    });
    return (
      optimistic ??
      this.uow.transaction(async (tx) => {
        const { order, actor } = await this.lockFor(tx, id, user);
        const decided = decide(order, actor);
        const timeline = await this.orders.save(tx, decided.change, meta, withChange);
        return { ...decided, actor, timeline };
      })
    );
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
