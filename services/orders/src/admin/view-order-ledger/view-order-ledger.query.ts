import { Injectable } from '@nestjs/common';
import { type OrderLedgerView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { orderNotFound } from '../../escrow/domain/order.errors';
import { OrdersAdminReadRepository } from '../domain/orders-admin-read.port';

/** One order's ledger postings and their sum (0 when balanced), for the order lookup. */
@Injectable()
export class ViewOrderLedgerQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reads: OrdersAdminReadRepository,
  ) {}

  view(orderId: string): Promise<OrderLedgerView> {
    return this.uow.read(async (tx) => {
      const postings = await this.reads.ledgerOf(tx, orderId);
      if (!postings) throw orderNotFound();
      return {
        orderId,
        postings,
        sumCents: postings.reduce((sum, p) => sum + p.amountCents, 0),
      };
    });
  }
}
