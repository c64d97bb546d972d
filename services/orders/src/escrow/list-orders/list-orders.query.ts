import { Injectable } from '@nestjs/common';
import { type OrderRole, type OrdersPage } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../domain/order-repository.port';
import { toOrderView } from '../order-view';

/** My purchases (`role=buyer`) or my sales (`role=seller`): only the caller's own orders. */
@Injectable()
export class ListOrdersQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
  ) {}

  list(
    userId: string,
    role: OrderRole,
    cursor: string | undefined,
    limit: number,
    listingId?: string,
  ): Promise<OrdersPage> {
    return this.uow.read(async (tx) => {
      const page = await this.orders.page(tx, userId, role, cursor, limit, listingId);
      const timelines = await this.orders.timelines(
        tx,
        page.items.map((o) => o.id),
      );
      return {
        items: page.items.map((o) => toOrderView(o, timelines.get(o.id) ?? [], role)),
        nextCursor: page.nextCursor,
      };
    });
  }
}
