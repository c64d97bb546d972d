import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type OrderActor, type OrderRole, type OrderStatus } from '@loadout/contracts';
import { decodeCursor, encodeCursor, isId } from '@loadout/db';
import { OrderTimelineEntity } from './order-timeline.entity';
import { OrderEntity } from './order.entity';

const OPEN_STATES: OrderStatus[] = ['pending_payment', 'paid', 'shipped', 'disputed'];

/** Orders and their timelines. Every write of these tables goes through here. */
@Injectable()
export class OrderRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: state, ledger, jobs and outbox events commit together. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The order, locked until the transaction ends (transitions of one order queue up). */
  lock(tx: EntityManager, id: string): Promise<OrderEntity | null> {
    if (!isId(id)) return Promise.resolve(null);
    return tx.findOne(OrderEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findById(id: string): Promise<OrderEntity | null> {
    if (!isId(id)) return Promise.resolve(null);
    return this.dataSource.manager.findOne(OrderEntity, { where: { id } });
  }

  /** The buyer's open order of a listing (a repeated checkout returns it). */
  findOpenByBuyer(listingId: string, buyerId: string): Promise<OrderEntity | null> {
    return this.dataSource.manager
      .createQueryBuilder(OrderEntity, 'o')
      .where('o.listingId = :listingId AND o.buyerId = :buyerId AND o.status IN (:...open)', {
        listingId,
        buyerId,
        open: OPEN_STATES,
      })
      .getOne();
  }

  async insert(tx: EntityManager, order: OrderEntity, actor: OrderActor): Promise<void> {
    await tx.insert(OrderEntity, order);
    await this.addTimeline(tx, order.id, order.status as OrderStatus, actor, null, order.createdAt);
  }

  /** Saves a changed order; a status change also lands on its timeline. */
  async update(
    tx: EntityManager,
    order: OrderEntity,
    change?: { actor: OrderActor; note?: string | null },
  ): Promise<void> {
    order.updatedAt = new Date();
    // update() rather than save(): save() first re-reads the row to diff it (one more query).
    const { id, ...changes } = order;
    const update = tx.createQueryBuilder().update(OrderEntity).set(changes).where({ id });
    if (!change) {
      await update.execute();
      return;
    }
    // A status change and its timeline row in one statement (a data-modifying CTE).
    const [sql, params] = update.getQueryAndParameters();
    const n = params.length;
    await tx.query(
      `WITH changed AS (${sql} RETURNING "id")
       INSERT INTO orders.order_timeline (order_id, status, actor, note, at)
       SELECT id, $${n + 1}::varchar, $${n + 2}::varchar, $${n + 3}::varchar, $${n + 4}::timestamptz FROM changed`,
      [...params, order.status, change.actor, change.note ?? null, new Date()],
    );
  }

  private async addTimeline(
    tx: EntityManager,
    orderId: string,
    status: OrderStatus,
    actor: OrderActor,
    note?: string | null,
    at: Date = new Date(),
  ): Promise<void> {
    await tx.insert(OrderTimelineEntity, { orderId, status, actor, note: note ?? null, at });
  }

  async timelines(orderIds: string[]): Promise<Map<string, OrderTimelineEntity[]>> {
    const out = new Map<string, OrderTimelineEntity[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return out;
    const rows = await this.dataSource.manager
      .createQueryBuilder(OrderTimelineEntity, 't')
      .where('t.orderId IN (:...ids)', { ids: orderIds })
      .orderBy('t.id', 'ASC')
      .getMany();
    for (const r of rows) out.get(r.orderId)?.push(r);
    return out;
  }

  /** A user's orders as buyer or seller, newest first, keyset-paged on (created_at, id). */
  async page(
    userId: string,
    role: OrderRole,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: OrderEntity[]; nextCursor: string | null }> {
    const qb = this.dataSource.manager
      .createQueryBuilder(OrderEntity, 'o')
      .where(role === 'buyer' ? 'o.buyerId = :userId' : 'o.sellerId = :userId', { userId })
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .take(limit + 1);
    if (cursor) {
      const [at, id] = decodeCursor(cursor, 2);
      qb.andWhere('(o.createdAt, o.id) < (:at::timestamptz, :id)', { at, id });
    }
    const rows = await qb.getMany();
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor:
        rows.length > limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
    };
  }

  /** Money of a seller's orders: held (paid, shipped, disputed) and released (completed). */
  async sellerTotals(sellerId: string): Promise<{ heldCents: number; releasedCents: number }> {
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(sum(seller_receives_cents) FILTER (WHERE status IN ('paid', 'shipped', 'disputed')), 0)::int AS held,
              coalesce(sum(seller_receives_cents) FILTER (WHERE status = 'completed'), 0)::int AS released
         FROM orders.orders WHERE seller_id = $1`,
      [sellerId],
    )) as { held: number; released: number }[];
    return { heldCents: row?.held ?? 0, releasedCents: row?.released ?? 0 };
  }
}
