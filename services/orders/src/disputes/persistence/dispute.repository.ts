import { Injectable } from '@nestjs/common';
import {
  type DisputeOrigin,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeStatus,
  type DisputeWantedKind,
} from '@loadout/contracts';
import { isId } from '@loadout/db';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { JobRepository } from '../../escrow/domain/job-repository.port';
import { type Order } from '../../escrow/domain/order';
import { type ChangeMeta } from '../../escrow/domain/order-repository.port';
import { Dispute, type DisputeChange, type DisputeResponse } from '../domain/dispute';
import { DisputeRepository, type DisputeMessage } from '../domain/dispute-repository.port';
import { ACTIVE_DISPUTE_STATES } from '../domain/dispute-state';
import { DisputeEvents } from './dispute-events';

export interface DisputeRow {
  id: string;
  order_id: string;
  buyer_id: string;
  seller_id: string;
  origin: string;
  status: string;
  reason: string;
  description: string;
  wanted_kind: string;
  wanted_amount_cents: number | null;
  order_total_cents: number;
  response: DisputeResponse | null;
  outcome: DisputeOutcome | null;
  respond_by: Date | null;
  processor_dispute_id: string | null;
  opened_at: Date;
  resolved_at: Date | null;
  updated_at: Date;
}

export const toDispute = (r: DisputeRow): Dispute =>
  Dispute.restore({
    id: r.id,
    orderId: r.order_id,
    buyerId: r.buyer_id,
    sellerId: r.seller_id,
    origin: r.origin as DisputeOrigin,
    status: r.status as DisputeStatus,
    reason: r.reason as DisputeReason,
    description: r.description,
    wanted:
      r.wanted_amount_cents === null
        ? { kind: r.wanted_kind as DisputeWantedKind }
        : { kind: r.wanted_kind as DisputeWantedKind, amountCents: r.wanted_amount_cents },
    orderTotalCents: r.order_total_cents,
    response: r.response,
    outcome: r.outcome,
    respondBy: r.respond_by,
    processorDisputeId: r.processor_dispute_id,
    openedAt: r.opened_at,
    resolvedAt: r.resolved_at,
    updatedAt: r.updated_at,
  });

const ACTIVE = `status IN (${ACTIVE_DISPUTE_STATES.map((x) => `'${x}'`).join(', ')})`;

/** Disputes in `disputes` + `dispute_messages`; deadlines in the order's jobs. */
@Injectable()
export class SqlDisputeRepository extends DisputeRepository {
  constructor(
    private readonly jobs: JobRepository,
    private readonly events: DisputeEvents,
  ) {
    super();
  }

  private async one(tx: Tx, sql: string, params: unknown[]): Promise<Dispute | null> {
    const rows = (await sqlOf(tx)(sql, params)) as DisputeRow[];
    return rows[0] ? toDispute(rows[0]) : null;
  }

  findById(tx: Tx, id: string): Promise<Dispute | null> {
    if (!isId(id)) return Promise.resolve(null);
    return this.one(tx, `SELECT * FROM orders.disputes WHERE id = $1`, [id]);
  }

  lock(tx: Tx, id: string): Promise<Dispute | null> {
    if (!isId(id)) return Promise.resolve(null);
    return this.one(tx, `SELECT * FROM orders.disputes WHERE id = $1 FOR UPDATE`, [id]);
  }

  async activeForOrder(tx: Tx, orderId: string, origin?: DisputeOrigin): Promise<Dispute[]> {
    const rows = (await sqlOf(tx)(
      `SELECT * FROM orders.disputes WHERE order_id = $1 AND ${ACTIVE}
          AND ($2::text IS NULL OR origin = $2) ORDER BY opened_at`,
      [orderId, origin ?? null],
    )) as DisputeRow[];
    return rows.map(toDispute);
  }

  findByProcessorId(tx: Tx, processorDisputeId: string): Promise<Dispute | null> {
    return this.one(tx, `SELECT * FROM orders.disputes WHERE processor_dispute_id = $1`, [
      processorDisputeId,
    ]);
  }

  async listFor(
    tx: Tx,
    userId: string,
    role: 'buyer' | 'seller' | null,
    limit: number,
  ): Promise<Dispute[]> {
    const who =
      role === 'buyer'
        ? 'buyer_id = $1'
        : role === 'seller'
          ? 'seller_id = $1'
          : '(buyer_id = $1 OR seller_id = $1)';
    const rows = (await sqlOf(tx)(
      `SELECT * FROM orders.disputes WHERE ${who} AND origin = 'buyer'
        ORDER BY opened_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    )) as DisputeRow[];
    return rows.map(toDispute);
  }

  async save(tx: Tx, change: DisputeChange, order: Order, meta: ChangeMeta): Promise<void> {
    const d = change.dispute.props;
    const db = sqlOf(tx);
    if (change.isNew)
      await db(
        `INSERT INTO orders.disputes (id, order_id, buyer_id, seller_id, origin, status, reason,
           description, wanted_kind, wanted_amount_cents, order_total_cents, response, outcome,
           respond_by, processor_dispute_id, opened_at, resolved_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [
          d.id,
          d.orderId,
          d.buyerId,
          d.sellerId,
          d.origin,
          d.status,
          d.reason,
          d.description,
          d.wanted.kind,
          d.wanted.amountCents ?? null,
          d.orderTotalCents,
          d.response ? JSON.stringify(d.response) : null,
          d.outcome ? JSON.stringify(d.outcome) : null,
          d.respondBy,
          d.processorDisputeId,
          d.openedAt,
          d.resolvedAt,
          d.updatedAt,
        ],
      );
    else
      await db(
        `UPDATE orders.disputes SET status = $2, response = $3, outcome = $4, respond_by = $5,
           resolved_at = $6, updated_at = $7 WHERE id = $1`,
        [
          d.id,
          d.status,
          d.response ? JSON.stringify(d.response) : null,
          d.outcome ? JSON.stringify(d.outcome) : null,
          d.respondBy,
          d.resolvedAt,
          d.updatedAt,
        ],
      );
    const deadline = change.deadline;
    if (deadline && 'set' in deadline)
      await this.jobs.apply(tx, d.orderId, {
        drop: ['dispute_escalate'],
        add: [
          {
            kind: 'dispute_escalate',
            dueAt: deadline.set.dueAt,
            day: deadline.set.step,
            ref: d.id,
          },
        ],
      });
    else if (deadline)
      await this.jobs.apply(tx, d.orderId, { drop: ['dispute_escalate'], add: [] });
    for (const event of change.events)
      await this.events.append(tx, change.dispute, order, event, meta);
  }

  async messages(tx: Tx, disputeId: string): Promise<DisputeMessage[]> {
    const rows = (await sqlOf(tx)(
      `SELECT id::text, dispute_id AS "disputeId", author_id AS "authorId",
              author_role AS "authorRole", body, at
         FROM orders.dispute_messages WHERE dispute_id = $1 ORDER BY id`,
      [disputeId],
    )) as DisputeMessage[];
    return rows;
  }

  async addMessage(tx: Tx, m: Omit<DisputeMessage, 'id' | 'at'>): Promise<DisputeMessage> {
    const [row] = (await sqlOf(tx)(
      `INSERT INTO orders.dispute_messages (dispute_id, author_id, author_role, body)
       VALUES ($1, $2, $3, $4) RETURNING id::text, at`,
      [m.disputeId, m.authorId, m.authorRole, m.body],
    )) as { id: string; at: Date }[];
    return { ...m, id: row!.id, at: row!.at };
  }
}
