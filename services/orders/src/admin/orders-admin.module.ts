import { Module } from '@nestjs/common';
import { EscrowModule } from '../escrow/escrow.module';
import { OrdersAdminReadRepository } from './domain/orders-admin-read.port';
import { ListDisputeQueueController } from './list-dispute-queue/list-dispute-queue.controller';
import { ListDisputeQueueQuery } from './list-dispute-queue/list-dispute-queue.query';
import { ListUserOrdersController } from './list-user-orders/list-user-orders.controller';
import { ListUserOrdersQuery } from './list-user-orders/list-user-orders.query';
import { SqlOrdersAdminReadRepository } from './persistence/orders-admin-read.repository';
import { ViewOrderLedgerController } from './view-order-ledger/view-order-ledger.controller';
import { ViewOrderLedgerQuery } from './view-order-ledger/view-order-ledger.query';

/**
 * The admin area's reads of orders (issue 26, ADR 0038): the disputes queue, a user's orders
 * and an order's ledger postings. Admins only; decisions and refunds stay in their own areas.
 */
@Module({
  imports: [EscrowModule],
  controllers: [ListDisputeQueueController, ListUserOrdersController, ViewOrderLedgerController],
  providers: [
    { provide: OrdersAdminReadRepository, useClass: SqlOrdersAdminReadRepository },
    ListDisputeQueueQuery,
    ListUserOrdersQuery,
    ViewOrderLedgerQuery,
  ],
})
export class OrdersAdminModule {}
