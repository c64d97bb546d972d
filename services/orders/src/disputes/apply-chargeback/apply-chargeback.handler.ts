import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { newId } from '@loadout/db';
import { type Tx } from '@loadout/service-kit';
import { ApplyPaymentEventHandler } from '../../escrow/apply-payment-event/apply-payment-event.handler';
import { OrderRepository } from '../../escrow/domain/order-repository.port';
import { type Order } from '../../escrow/domain/order';
import { type ChangeMeta } from '../../escrow/domain/order-repository.port';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { type PaymentEvent } from '../../payments/payment-provider.port';
import { Dispute } from '../domain/dispute';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { DisputeWorkflow } from '../dispute-workflow';

type ChargebackEvent = Extract<PaymentEvent, { type: 'dispute.created' | 'dispute.closed' }>;

/**
 * Card chargebacks (`charge.dispute.created|closed`), applied from the payment inbox in the
 * worker's transaction. Created: the order's money is frozen (a held order becomes `disputed`;
 * a released one's transfer waits) and an admin-only case opens. Closed: won → the freeze ends
 * and the order's clock runs again; lost → the amount and the network's fee are posted out.
 */
@Injectable()
export class ApplyChargebackHandler implements OnModuleInit {
  private readonly log = new Logger(ApplyChargebackHandler.name);

  constructor(
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    private readonly orders: OrderRepository,
    private readonly disputes: DisputeRepository,
    private readonly workflow: DisputeWorkflow,
    private readonly payments: ApplyPaymentEventHandler,
  ) {}

  onModuleInit(): void {
    this.payments.onChargeback((tx, event) => this.apply(tx, event));
  }

  async apply(tx: Tx, event: ChargebackEvent): Promise<void> {
    const order = event.orderId ? await this.orders.lock(tx, event.orderId) : null;
    if (!order) {
      this.log.warn(`${event.type} ${event.eventId}: no matching order; ignored`);
      return;
    }
    const meta = { actorId: null, requestId: `${event.provider}:${event.eventId}` };
    const now = new Date();
    const known = await this.disputes.findByProcessorId(tx, event.disputeId);
    if (event.type === 'dispute.created') {
      if (!known) await this.openCase(tx, order, event, meta, now);
      return;
    }
    // Webhooks come in any order: a `closed` before its `created` opens the case itself (the
    // later `created` then finds it known), so either order ends the same.
    const opened = known
      ? { dispute: await this.disputes.lock(tx, known.id), order }
      : await this.openCase(tx, order, event, meta, now);
    const dispute = opened.dispute;
    if (!dispute || dispute.status !== 'escalated') return;
    const won = event.status !== 'lost';
    const closed = opened.order.chargebackClosed(
      {
        won,
        amountCents: event.amountCents,
        feeCents: event.feeCents ?? this.config.ORDERS_CHARGEBACK_FEE_CENTS,
        ref: event.disputeId,
      },
      now,
    );
    let current = opened.order;
    if (closed) {
      await this.orders.save(tx, closed, meta);
      current = closed.order;
    }
    if (won)
      current = (
        await this.workflow.resumeOrder(
          tx,
          current,
          dispute.id,
          'system',
          'Card chargeback won: the order goes on.',
          meta,
          now,
        )
      ).order;
    await this.workflow.save(
      tx,
      dispute.closeChargeback(won, event.amountCents, now),
      current,
      'system',
      meta,
      now,
    );
  }

  /** Freezes the order's money and opens the admin-only case of a processor dispute. */
  private async openCase(
    tx: Tx,
    order: Order,
    event: ChargebackEvent,
    meta: ChangeMeta,
    now: Date,
  ): Promise<{ dispute: Dispute; order: Order }> {
    const reason = event.type === 'dispute.created' ? event.reason : 'closed before created';
    const frozen = order.chargebackOpened(`Card chargeback opened (${reason}).`, now);
    if (frozen) await this.orders.save(tx, frozen, meta);
    const current = frozen?.order ?? order;
    const change = Dispute.openChargeback(
      {
        id: newId(),
        order: {
          id: order.id,
          buyerId: order.buyerId,
          sellerId: order.sellerId,
          totalCents: order.amounts.totalCents,
        },
        processorDisputeId: event.disputeId,
        reason,
      },
      now,
    );
    await this.workflow.save(tx, change, current, 'system', meta, now);
    return { dispute: change.dispute, order: current };
  }
}
