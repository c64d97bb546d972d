import { defineService } from '@loadout/service-kit';
import { OrdersAdminModule } from './admin/orders-admin.module';
import { DisputesModule } from './disputes/disputes.module';
import { EscrowModule } from './escrow/escrow.module';
import { OrderTimelineEntity } from './escrow/persistence/order-timeline.entity';
import { OrderEntity } from './escrow/persistence/order.entity';
import { PayoutAccountEntity } from './escrow/persistence/payout-account.entity';
import { ordersMigrations } from './migrations';
import { OffersModule } from './offers/offers.module';
import { PrivacyModule } from './privacy/privacy.module';
import { ReviewsModule } from './reviews/reviews.module';
import { ORDERS_CONFIG, ORDERS_SCHEMA, loadOrdersConfig } from './orders.config';

/**
 * The orders service: checkout, escrow ledger, payments (simulated processor or Stripe),
 * deadlines and payouts. Its worker (payment events and jobs) runs inside the HTTP process.
 */
export const ordersService = defineService({
  name: 'orders',
  schema: ORDERS_SCHEMA,
  loadConfig: loadOrdersConfig,
  configToken: ORDERS_CONFIG,
  entities: [OrderEntity, OrderTimelineEntity, PayoutAccountEntity],
  migrations: ordersMigrations,
  modules: () => [
    EscrowModule,
    DisputesModule,
    ReviewsModule,
    OffersModule,
    OrdersAdminModule,
    PrivacyModule,
  ],
  // Identity's account deletions (ADR 0039): the only events orders consumes.
  consumers: [{ group: 'orders' }],
});
