import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { pgAsUnitOfWork, pgUnitOfWorkProvider, UnitOfWork } from '@loadout/service-kit';
import { DEADLINE_RULES, ORDERS_CONFIG, deadlineRules } from '../orders.config';
import { createPaymentProvider } from '../payments/payment-provider.factory';
import { PAYMENT_EVENT_SINK, PAYMENT_PROVIDER } from '../payments/payment-provider.port';
import { ApplyPaymentEventHandler } from './apply-payment-event/apply-payment-event.handler';
import { CancelOrderController } from './cancel-order/cancel-order.controller';
import { CancelOrderHandler } from './cancel-order/cancel-order.handler';
import { RefundOrderController } from './refund-order/refund-order.controller';
import { RefundOrderHandler } from './refund-order/refund-order.handler';
import { CheckLedgerController } from './check-ledger/check-ledger.controller';
import { CheckLedgerHandler } from './check-ledger/check-ledger.handler';
import { CheckoutController } from './checkout/checkout.controller';
import { CheckoutHandler } from './checkout/checkout.handler';
import { OrderPlacedHooks } from './checkout/order-placed-hooks';
import { ConfirmDeliveryController } from './confirm-delivery/confirm-delivery.controller';
import { ConfirmDeliveryHandler } from './confirm-delivery/confirm-delivery.handler';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { HttpListingsGateway } from './listings/http-listings.gateway';
import { LISTINGS_GATEWAY } from './listings/listings.gateway';
import { ListingHoldsController } from './listing-holds/listing-holds.controller';
import { ListingHoldsHandler } from './listing-holds/listing-holds.handler';
import { ListOrdersController } from './list-orders/list-orders.controller';
import { ListOrdersQuery } from './list-orders/list-orders.query';
import { OrderAccess } from './order-access';
import { PaymentInbox } from './payment-inbox';
import { PayOrderController } from './pay-order/pay-order.controller';
import { PayOrderHandler } from './pay-order/pay-order.handler';
import { PaymentsConfigController } from './payments-config/payments-config.controller';
import { PayoutOnboardingController } from './payout-onboarding/payout-onboarding.controller';
import { PayoutOnboardingHandler } from './payout-onboarding/payout-onboarding.handler';
import { CheckoutIntentRepository } from './domain/checkout-intent-repository.port';
import { IdempotencyRepository } from './domain/idempotency-repository.port';
import { JobRepository } from './domain/job-repository.port';
import { LedgerRepository } from './domain/ledger-repository.port';
import { OrderRepository } from './domain/order-repository.port';
import { PaymentEventRepository } from './domain/payment-event-repository.port';
import { DueWorkReader } from './domain/due-work.port';
import { PayoutAccountRepository } from './domain/payout-account-repository.port';
import { SqlCheckoutIntentRepository } from './persistence/checkout-intent.repository';
import { SqlIdempotencyRepository } from './persistence/idempotency.repository';
import { SqlJobRepository } from './persistence/job.repository';
import { SqlLedgerRepository } from './persistence/ledger.repository';
import { OrderOutbox } from './persistence/order-outbox';
import { PayoutEvents } from './persistence/payout-events';
import { OrderTimelineEntity } from './persistence/order-timeline.entity';
import { OrderEntity } from './persistence/order.entity';
import { SqlOrderRepository } from './persistence/order.repository';
import { SqlPaymentEventRepository } from './persistence/payment-event.repository';
import { SqlDueWorkReader } from './persistence/due-work.reader';
import { PayoutAccountEntity } from './persistence/payout-account.entity';
import { SqlPayoutAccountRepository } from './persistence/payout-account.repository';
import { JobRunner } from './run-deadlines/job-runner';
import { OrdersWorker } from './run-deadlines/orders-worker';
import { StripeRawBodyCapture } from './receive-stripe-webhook/raw-body.capture';
import { ReceiveStripeWebhookController } from './receive-stripe-webhook/receive-stripe-webhook.controller';
import { ReceiveStripeWebhookHandler } from './receive-stripe-webhook/receive-stripe-webhook.handler';
import { DiscardParkedJobController } from './discard-parked-job/discard-parked-job.controller';
import { DiscardParkedJobHandler } from './discard-parked-job/discard-parked-job.handler';
import { ListParkedJobsController } from './list-parked-jobs/list-parked-jobs.controller';
import { ListParkedJobsHandler } from './list-parked-jobs/list-parked-jobs.handler';
import { ParkedJobsMetrics } from './list-parked-jobs/parked-jobs.metrics';
import { RetryParkedJobController } from './retry-parked-job/retry-parked-job.controller';
import { RetryParkedJobHandler } from './retry-parked-job/retry-parked-job.handler';
import { ShipOrderController } from './ship-order/ship-order.controller';
import { ShipOrderHandler } from './ship-order/ship-order.handler';
import { ViewOrderController } from './view-order/view-order.controller';

@Module({
  imports: [TypeOrmModule.forFeature([OrderEntity, OrderTimelineEntity, PayoutAccountEntity])],
  controllers: [
    CheckoutController,
    ListOrdersController,
    ViewOrderController,
    PayOrderController,
    ShipOrderController,
    ConfirmDeliveryController,
    CancelOrderController,
    RefundOrderController,
    PayoutOnboardingController,
    PaymentsConfigController,
    CheckLedgerController,
    ReceiveStripeWebhookController,
    ListingHoldsController,
    ListParkedJobsController,
    RetryParkedJobController,
    DiscardParkedJobController,
  ],
  providers: [
    pgUnitOfWorkProvider,
    pgAsUnitOfWork,
    { provide: DEADLINE_RULES, inject: [ORDERS_CONFIG], useFactory: deadlineRules },
    { provide: OrderRepository, useClass: SqlOrderRepository },
    { provide: LedgerRepository, useClass: SqlLedgerRepository },
    { provide: JobRepository, useClass: SqlJobRepository },
    { provide: PaymentEventRepository, useClass: SqlPaymentEventRepository },
    { provide: DueWorkReader, useClass: SqlDueWorkReader },
    { provide: PayoutAccountRepository, useClass: SqlPayoutAccountRepository },
    { provide: IdempotencyRepository, useClass: SqlIdempotencyRepository },
    { provide: CheckoutIntentRepository, useClass: SqlCheckoutIntentRepository },
    OrderOutbox,
    PayoutEvents,
    PaymentInbox,
    IdempotencyInterceptor,
    OrderAccess,
    CheckLedgerHandler,
    ListingHoldsHandler,
    CheckoutHandler,
    OrderPlacedHooks,
    ListOrdersQuery,
    PayOrderHandler,
    ShipOrderHandler,
    ConfirmDeliveryHandler,
    CancelOrderHandler,
    RefundOrderHandler,
    PayoutOnboardingHandler,
    ApplyPaymentEventHandler,
    JobRunner,
    OrdersWorker,
    ListParkedJobsHandler,
    RetryParkedJobHandler,
    DiscardParkedJobHandler,
    ParkedJobsMetrics,
    StripeRawBodyCapture,
    ReceiveStripeWebhookHandler,
    { provide: LISTINGS_GATEWAY, useClass: HttpListingsGateway },
    { provide: PAYMENT_EVENT_SINK, useExisting: PaymentInbox },
    { provide: PAYMENT_PROVIDER, inject: [ORDERS_CONFIG], useFactory: createPaymentProvider },
  ],
  exports: [
    PAYMENT_PROVIDER,
    PAYMENT_EVENT_SINK,
    OrdersWorker,
    CheckLedgerHandler,
    // For the disputes area (its own module on the same order, ledger, jobs and worker).
    UnitOfWork,
    OrderRepository,
    JobRepository,
    IdempotencyRepository,
    IdempotencyInterceptor,
    JobRunner,
    ApplyPaymentEventHandler,
    // For the offers area: an accepted offer becomes an order through the same checkout path.
    CheckoutHandler,
    OrderPlacedHooks,
    OrderAccess,
    LISTINGS_GATEWAY,
  ],
})
export class EscrowModule {}
