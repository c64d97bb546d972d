import { Injectable } from '@nestjs/common';
import { type OrderRole, type OrderStatus } from '@loadout/contracts';
import { In } from 'typeorm';
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor, isId } from '@loadout/db';
import { entityManagerOf, type Tx } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';
import { LedgerRepository } from '../domain/ledger-repository.port';
import { type Order, type OrderChange, type TimelineEntry } from '../domain/order';
import { OrderRepository, type ChangeMeta } from '../domain/order-repository.port';
import { OrderOutbox } from './order-outbox';
import { OrderTimelineEntity } from './order-timeline.entity';
import { OrderEntity } from './order.entity';
import { toOrder, toOrderEntity, toTimelineEntry } from './order.mapper';

const OPEN_STATES: OrderStatus[] = ['pending_payment', 'paid', 'shipped', 'disputed'];

/** Orders and their timelines; `save` also writes a change's ledger entries, jobs and events. */
@Injectable()
export class TypeOrmOrderRepository extends OrderRepository {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly jobs: JobRepository,
    private readonly outbox: OrderOutbox,
  ) {
    super();
  }

  async lock(tx: Tx, id: string): Promise<Order | null> {
    if (!isId(id)) return null;
    const e = await entityManagerOf(tx).findOne(OrderEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    return e ? toOrder(e) : null;
  }

  async findById(tx: Tx, id: string): Promise<Order | null> {
    if (!isId(id)) return null;
    const e = await entityManagerOf(tx).findOne(OrderEntity, { where: { id } });
    return e ? toOrder(e) : null;
  }

  async findByIds(tx: Tx, ids: string[]): Promise<Order[]> {
    const valid = ids.filter(isId);
    if (valid.length === 0) return [];
    const rows = await entityManagerOf(tx).find(OrderEntity, { where: { id: In(valid) } });
    return rows.map(toOrder);
  }

  async findOpenByBuyer(tx: Tx, listingId: string, buyerId: string): Promise<Order | null> {
    const e = await entityManagerOf(tx)
      .createQueryBuilder(OrderEntity, 'o')
      .where('o.listingId = :listingId AND o.buyerId = :buyerId AND o.status IN (:...open)', {
        listingId,
        buyerId,
        open: OPEN_STATES,
      })
      .getOne();
    return e ? toOrder(e) : null;
  }

  async save(tx: Tx, change: OrderChange, meta: ChangeMeta): Promise<void> {
    const { order } = change;
    if (change.isNew) await this.insert(tx, order, change.timeline);
    else await this.update(tx, order, change.timeline);
    for (const entry of change.ledger) await this.ledger.post(tx, entry);
    for (const jobs of change.jobs) await this.jobs.apply(tx, order.id, jobs);
    for (const event of change.events) await this.outbox.append(tx, order, event, meta);
  }

  private async insert(tx: Tx, order: Order, timeline: readonly TimelineEntry[]): Promise<void> {
    const db = entityManagerOf(tx);
    await db.insert(OrderEntity, toOrderEntity(order));
    if (timeline.length > 0)
      await db.insert(
        OrderTimelineEntity,
        timeline.map((t) => ({ orderId: order.id, ...t })),
      );
  }

  /** The row and its new timeline rows in one statement (a data-modifying CTE). */
  private async update(tx: Tx, order: Order, timeline: readonly TimelineEntry[]): Promise<void> {
    const db = entityManagerOf(tx);
    // update() rather than save(): save() first re-reads the row to diff it (one more query).
    const { id, ...changes } = toOrderEntity(order);
    const update = db.createQueryBuilder().update(OrderEntity).set(changes).where({ id });
    if (timeline.length === 0) {
      await update.execute();
      return;
    }
    const [sql, params] = update.getQueryAndParameters();
    const values = timeline.map((t) => {
      params.push(t.status, t.actor, t.note, t.at);
      const n = params.length;
      return `($${n - 3}::varchar, $${n - 2}::varchar, $${n - 1}::varchar, $${n}::timestamptz)`;
    });
    await db.query(
      `WITH changed AS (${sql} RETURNING "id")
       INSERT INTO orders.order_timeline (order_id, status, actor, note, at)
       SELECT changed.id, v.status, v.actor, v.note, v.at
         FROM changed, (VALUES ${values.join(', ')}) AS v(status, actor, note, at)`,
      params,
    );
  }

  async timelines(tx: Tx, orderIds: string[]): Promise<Map<string, TimelineEntry[]>> {
    const out = new Map<string, TimelineEntry[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return out;
    const rows = await entityManagerOf(tx)
      .createQueryBuilder(OrderTimelineEntity, 't')
      .where('t.orderId IN (:...ids)', { ids: orderIds })
      .orderBy('t.id', 'ASC')
      .getMany();
    for (const r of rows) out.get(r.orderId)?.push(toTimelineEntry(r));
    return out;
  }

  async page(
    tx: Tx,
    userId: string,
    role: OrderRole,
    cursor: string | undefined,
    limit: number,
    listingId?: string,
  ): Promise<{ items: Order[]; nextCursor: string | null }> {
    const qb = entityManagerOf(tx)
      .createQueryBuilder(OrderEntity, 'o')
      .where(role === 'buyer' ? 'o.buyerId = :userId' : 'o.sellerId = :userId', { userId })
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .take(limit + 1);
    if (listingId) qb.andWhere('o.listingId = :listingId', { listingId });
    if (cursor) {
      const [at, id] = decodeCursor(cursor, 2);
      // Typed readers: a forged cursor with a non-date is a 400, never the cast's 500.
      qb.andWhere('(o.createdAt, o.id) < (:at::timestamptz, :id)', {
        at: cursorTimestamp(at),
        id: cursorId(id),
      });
    }
    const rows = await qb.getMany();
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toOrder),
      nextCursor:
        rows.length > limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
    };
  }

  async sellerTotals(
    tx: Tx,
    sellerId: string,
  ): Promise<{ heldCents: number; releasedCents: number }> {
    // Released is what the ledger booked to the seller, owed or transferred: a dispute's
    // partial refund releases less than the order's seller amount (ADR 0027), a lost
    // chargeback takes it back.
    const [row] = (await entityManagerOf(tx).query(
      `SELECT coalesce((SELECT sum(seller_receives_cents) FROM orders.orders
                         WHERE seller_id = $1 AND status IN ('paid', 'shipped', 'disputed')), 0)::int AS held,
              coalesce((SELECT sum(p.amount_cents) FROM orders.ledger_postings p
                          JOIN orders.orders o ON o.id = p.order_id
                         WHERE o.seller_id = $1 AND o.status = 'completed'
                           AND p.account IN ('seller_payable', 'seller_paid')), 0)::int AS released`,
      [sellerId],
    )) as { held: number; released: number }[];
    return { heldCents: row?.held ?? 0, releasedCents: row?.released ?? 0 };
  }
}
