import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type PayOrderResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../domain/order-repository.port';
import { PaymentEventRepository } from '../domain/payment-event-repository.port';
import { paymentsUnreachable } from '../domain/order.errors';
import { OrderAccess } from '../order-access';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type PaymentResult,
} from '../../payments/payment-provider.port';
import { type PayOrderDto } from './pay-order.dto';

/**
 * Starts a payment of a pending order, or resumes the one it has (one order, one open
 * payment: a reload or a new card after a decline never makes a second). The order stays
 * `pending_payment`: it becomes `paid` only when the processor's `payment.succeeded` event is
 * applied by the worker.
 */
@Injectable()
export class PayOrderHandler {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly inbox: PaymentEventRepository,
    private readonly access: OrderAccess,
  ) {}

  async pay(id: string, input: PayOrderDto, user: AuthUser): Promise<PayOrderResponse> {
    const { order, result, actor } = await this.uow.transaction(async (tx) => {
      const { order, actor } = await this.access.lockFor(tx, id, user);
      const attempt = order.beginPayment(actor);
      let result: PaymentResult | null = null;
      try {
        if (attempt.open)
          result = await this.payments.resumePayment({
            orderId: order.id,
            paymentId: attempt.open.paymentId,
            amountCents: order.props.totalCents,
            failed: attempt.open.failed,
            card: input.card,
            paymentMethodId: input.paymentMethodId,
            idempotencyKey: attempt.idempotencyKey,
          });
        result ??= await this.payments.createPayment({
          orderId: order.id,
          amountCents: order.props.totalCents,
          currency: 'eur',
          transferGroup: order.id,
          idempotencyKey: attempt.idempotencyKey,
          card: input.card,
          paymentMethodId: input.paymentMethodId,
          buyerId: order.buyerId,
        });
      } catch {
        throw paymentsUnreachable();
      }
      // What the simulated processor reports goes into the inbox with this update, or not at all.
      for (const r of result.reported ?? [])
        await this.inbox.record(tx, r.event, { availableAt: r.availableAt });
      const change = attempt.order.paymentStarted(
        {
          paymentId: result.paymentId,
          failure:
            result.status === 'failed'
              ? {
                  code: result.failureCode ?? 'failed',
                  message: result.failureMessage ?? 'The payment failed.',
                }
              : null,
        },
        new Date(),
      );
      await this.orders.save(tx, change, { actorId: user.id });
      return { order: change.order, result, actor };
    });
    return {
      order: await this.access.view(order, actor),
      payment: {
        paymentId: result.paymentId,
        status: result.status,
        failureCode: result.failureCode ?? null,
        failureMessage: result.failureMessage ?? null,
        clientSecret: result.clientSecret ?? null,
      },
    };
  }
}
