import { Injectable } from '@nestjs/common';
import { type PayoutFailedV1 } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { sqlExecutorOf, type Tx } from '@loadout/service-kit';
import { ORDERS_SCHEMA } from '../../orders.config';

/** `orders.payout.*` events, appended in the caller's transaction (ADR 0042). */
@Injectable()
export class PayoutEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async payoutFailed(tx: Tx, payload: PayoutFailedV1, correlationId: string): Promise<void> {
    await this.outbox.append(
      sqlExecutorOf(tx),
      ORDERS_SCHEMA,
      { type: 'orders.payout.failed.v1', aggregateId: payload.accountId, payload },
      { actorId: null, correlationId },
    );
  }
}
