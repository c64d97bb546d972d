import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type ModerationDecidedV1, type ReportReceivedV1 } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { ADMIN_SCHEMA } from '../admin.config';

export interface Actor {
  id: string | null;
  requestId?: string;
}

/** The admin service's events, appended to its outbox in the caller's transaction. */
@Injectable()
export class ModerationEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async reportReceived(tx: EntityManager, payload: ReportReceivedV1, actor: Actor): Promise<void> {
    await this.outbox.append(
      tx,
      ADMIN_SCHEMA,
      { type: 'admin.report.received.v1', aggregateId: payload.caseId, payload },
      { actorId: actor.id ?? undefined, correlationId: actor.requestId },
    );
  }

  async decided(tx: EntityManager, payload: ModerationDecidedV1, actor: Actor): Promise<void> {
    await this.outbox.append(
      tx,
      ADMIN_SCHEMA,
      { type: 'admin.moderation.decided.v1', aggregateId: payload.caseId, payload },
      { actorId: actor.id ?? undefined, correlationId: actor.requestId },
    );
  }
}
