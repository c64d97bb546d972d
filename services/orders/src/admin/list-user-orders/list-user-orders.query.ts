import { Injectable } from '@nestjs/common';
import { type OrdersPage } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../../escrow/domain/order-repository.port';
import { toOrderView } from '../../escrow/order-view';
import { type ListUserOrdersQueryDto } from './list-user-orders.dto';

/** Any user's purchases or sales for the admin area's user page, newest first. */
@Injectable()
export class ListUserOrdersQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
  ) {}

  list(q: ListUserOrdersQueryDto): Promise<OrdersPage> {
    return this.uow.read(async (tx) => {
      const page = await this.orders.page(tx, q.userId, q.role, q.cursor, q.limit ?? 20);
      const timelines = await this.orders.timelines(
        tx,
        page.items.map((o) => o.id),
      );
      return {
        items: page.items.map((o) => toOrderView(o, timelines.get(o.id) ?? [], 'admin')),
        nextCursor: page.nextCursor,
      };
    });
  }
}
