import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OrderStatus, type PayOrderResponse } from '@loadout/contracts';
import { nextStatus } from '../domain/order-state';
import { paymentInProgress, paymentsUnreachable } from '../domain/order.errors';
import { OrderAccess } from '../order-access';
import { OrderRepository } from '../persistence/order.repository';
import { PaymentEventRepository } from '../persistence/payment-event.repository';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type PaymentResult,
} from '../../payments/payment-provider.port';
import { type PayOrderDto } from './pay-order.dto';

/**
 * Starts a payment of a pending order. The order stays `pending_payment`: it becomes `paid`
 * only when the processor's `payment.succeeded` event is applied by the worker. One attempt at
 * a time: while one is processing, another is refused.
 */
@Injectable()
export class PayOrderHandler {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly paymentEvents: PaymentEventRepository,
  ) {}

  async pay(id: string, input: PayOrderDto, user: AuthUser): Promise<PayOrderResponse> {
    const { order, result } = await this.orders.transaction(async (tx) => {
      const { order, actor } = await this.access.lockFor(tx, id, user);
      nextStatus(order.status as OrderStatus, 'pay', actor);
      if (order.paymentId && !order.lastPaymentErrorCode) throw paymentInProgress();
      order.paymentAttempts += 1;
      const n = order.paymentAttempts;
      let result: PaymentResult;
      try {
        result = await this.payments.createPayment({
          orderId: order.id,
          amountCents: order.totalCents,
          currency: 'eur',
          transferGroup: order.id,
          idempotencyKey: n === 1 ? `order:${order.id}:pay` : `order:${order.id}:pay:${n}`,
          card: input.card,
          paymentMethodId: input.paymentMethodId,
          buyerId: order.buyerId,
        });
      } catch {
        throw paymentsUnreachable();
      }
      // What the simulated processor reports goes into the inbox with this update, or not at all.
      for (const r of result.reported ?? [])
        await this.paymentEvents.recordIn(tx, r.event, { availableAt: r.availableAt });
      order.paymentId = result.paymentId;
      order.lastPaymentErrorCode =
        result.status === 'failed' ? (result.failureCode ?? 'failed') : null;
      order.lastPaymentErrorMessage =
        result.status === 'failed' ? (result.failureMessage ?? 'The payment failed.') : null;
      await this.orders.update(tx, order);
      return { order, result };
    });
    return {
      order: await this.access.view(order),
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
