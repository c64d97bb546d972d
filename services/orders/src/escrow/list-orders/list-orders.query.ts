import { Injectable } from '@nestjs/common';
import { type OrderRole, type OrdersPage } from '@loadout/contracts';
import { toOrderView } from '../persistence/order.mapper';
import { OrderRepository } from '../persistence/order.repository';

/** My purchases (`role=buyer`) or my sales (`role=seller`): only the caller's own orders. */
@Injectable()
export class ListOrdersQuery {
  constructor(private readonly orders: OrderRepository) {}

  async list(
    userId: string,
    role: OrderRole,
    cursor: string | undefined,
    limit: number,
  ): Promise<OrdersPage> {
    const page = await this.orders.page(userId, role, cursor, limit);
    const timelines = await this.orders.timelines(page.items.map((o) => o.id));
    return {
      items: page.items.map((o) => toOrderView(o, timelines.get(o.id) ?? [])),
      nextCursor: page.nextCursor,
    };
  }
}
