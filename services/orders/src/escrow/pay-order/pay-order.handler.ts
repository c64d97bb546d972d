import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type PayOrderResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../domain/order-repository.port';
import { orderMovedOn, paymentsUnreachable } from '../domain/order.errors';
import { OrderAccess } from '../order-access';
import { OrdersWorker } from '../run-deadlines/orders-worker';
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
 *
 * The processor is asked with no transaction open (issue 23 scenario 5: a Stripe call inside
 * the order's transaction held its row lock and a pooled connection for up to a minute):
 * 1. one guarded write (ADR 0062) counts the attempt and marks it in flight (another pay meanwhile
 *    answers 409 `ORDERS.PAYMENT_IN_PROGRESS`; the attempt names the idempotency key);
 * 2. the call, holding nothing;
 * 3. one guarded write on the order as it is then records the answer and what the simulated
 *    processor reports (ADR 0065; the locked transaction when the row moved meanwhile). If the order moved on meanwhile (cancelled, expired, a later attempt)
 *    the payment is cancelled by a `cancel_payment` job and the buyer gets 409.
 */
@Injectable()
export class PayOrderHandler {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly access: OrderAccess,
    private readonly worker: OrdersWorker,
  ) {}

  async pay(id: string, input: PayOrderDto, user: AuthUser): Promise<PayOrderResponse> {
    const { order, attempt } = await this.access.transition(
      id,
      user,
      (order, actor) => {
        const attempt = order.beginPayment(actor, new Date());
        return { change: attempt.change, order, attempt };
      },
      { actorId: user.id },
    );

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
      // Nothing is known to be charged: free the order for the next try.
      await this.uow.transaction(async (tx) => {
        const { order: now } = await this.access.lockFor(tx, id, user);
        const change = now.paymentCallFailed(attempt.attempt);
        if (change) await this.orders.save(tx, change, { actorId: user.id });
      });
      throw paymentsUnreachable();
    }
    const answer = result;

    const { recorded, stale, actor, timeline } = await this.access.transition(
      id,
      user,
      (current) => {
        const { change, stale } = current.paymentStarted(
          attempt.attempt,
          {
            paymentId: answer.paymentId,
            failure:
              answer.status === 'failed'
                ? {
                    code: answer.failureCode ?? 'failed',
                    message: answer.failureMessage ?? 'The payment failed.',
                  }
                : null,
          },
          new Date(),
        );
        return { change, stale, recorded: change.order };
      },
      { actorId: user.id },
      // What the simulated processor reports goes into the inbox with this update, or not at
      // all (a success of an order closed meanwhile is refunded when it is applied).
      { inbox: answer.reported },
    );
    // What the simulated processor reported is applied when it is due, as a webhook's event is
    // applied at once: the worker does not wait for its next interval.
    const due = (answer.reported ?? []).map((r) => r.availableAt.getTime());
    if (due.length > 0) this.worker.wake(Math.min(...due) - Date.now());
    if (stale) throw orderMovedOn();
    return {
      order: this.access.viewOf(recorded, timeline, actor),
      payment: {
        paymentId: answer.paymentId,
        status: answer.status,
        failureCode: answer.failureCode ?? null,
        failureMessage: answer.failureMessage ?? null,
        clientSecret: answer.clientSecret ?? null,
      },
    };
  }
}
