import { Injectable } from '@nestjs/common';
import { type OrderRole } from '@loadout/contracts';
import {
  cursorId,
  cursorTimestamp,
  decodeCursor,
  encodeCursor,
  entityColumns,
  type EntityColumn,
  isId,
  selectListOf,
} from '@loadout/db';
import { sqlOf, type RunSql, type Tx } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';
import { type Order, type OrderChange, type TimelineEntry } from '../domain/order';
import {
  OrderRepository,
  type ChangeMeta,
  type VersionedOrder,
  type WrittenWith,
} from '../domain/order-repository.port';
import { jobsChangeParts } from './job.repository';
import { ledgerEntryParts } from './ledger.repository';
import { OrderOutbox } from './order-outbox';
import { paymentEventsInsert } from './payment-event.repository';
import { ORDER_IS_OPEN, OrderEntity } from './order.entity';
import { toOrder, toTimelineEntry } from './order.mapper';
import { StatementParams } from './statement-params';

/**
 * The statements are written once, here, from the entity's own column list (ADR 0055): no
 * query building per call, and they run in either unit of work (`sqlOf`).
 */
const COLUMNS = entityColumns(OrderEntity);
/** Written only by the privacy area's SQL (ADR 0039); the aggregate never has them. */
const PRIVACY_ONLY = new Set(['deliveryAddressErasedAt', 'deliveryArea']);
/** The columns the aggregate writes: its props, by `order-columns.spec.ts`. */
export const WRITTEN_COLUMNS = COLUMNS.filter((c) => !PRIVACY_ONLY.has(c.property));
const [ID, ...CHANGEABLE] = WRITTEN_COLUMNS;
if (ID?.property !== 'id') throw new Error('OrderEntity must declare its id first');

const SELECT = `SELECT ${selectListOf(COLUMNS, 'o')} FROM orders.orders o`;
const BY_ID = `${SELECT} WHERE o."id" = $1`;
/**
 * The row with its version: `xmin`, the transaction that wrote this version of the row. Every
 * UPDATE of the row (of any code: the aggregate's, the privacy area's, a migration's) writes a
 * new version with a new `xmin`, so a write guarded by it holds only on the row as read.
 */
const BY_ID_VERSIONED = `SELECT ${selectListOf(COLUMNS, 'o')}, o.xmin::text AS "rowVersion"
  FROM orders.orders o WHERE o."id" = $1`;
/** The open states as the partial unique index spells them, so the planner can use it. */
const OPEN_BY_BUYER = `${SELECT}
  WHERE o."listing_id" = $1 AND o."buyer_id" = $2 AND o.${ORDER_IS_OPEN}`;
const isJson = (c: EntityColumn) => c.type === 'jsonb';
/** The n-th parameter as column `c` takes it (a JSON column's value is sent as its text). */
const param = (c: EntityColumn, n: number) => `$${n}${isJson(c) ? '::jsonb' : ''}`;
const INSERT = `INSERT INTO orders.orders (${WRITTEN_COLUMNS.map((c) => `"${c.column}"`).join(', ')})
  VALUES (${WRITTEN_COLUMNS.map((c, i) => param(c, i + 1)).join(', ')})`;
const UPDATE = `UPDATE orders.orders SET ${CHANGEABLE.map(
  (c, i) => `"${c.column}" = ${param(c, i + 2)}`,
).join(', ')} WHERE "id" = $1`;

/** The row's values in `WRITTEN_COLUMNS` order (the id first). */
const valuesOf = (order: Order): unknown[] =>
  WRITTEN_COLUMNS.map((c) => {
    const v = (order.props as unknown as Record<string, unknown>)[c.property];
    return isJson(c) && v !== null && v !== undefined ? JSON.stringify(v) : v;
  });

/** The new timeline rows of the order row `changed` returns, as a part of the save's CTE. */
function timelinePart(timeline: readonly TimelineEntry[], p: StatementParams): string {
  const rows = timeline.map(
    (t) =>
      `(${p.add(t.status, '::varchar')}, ${p.add(t.actor, '::varchar')}, ${p.add(t.note, '::varchar')}, ${p.add(t.at, '::timestamptz')})`,
  );
  return `timeline AS (
    INSERT INTO orders.order_timeline (order_id, status, actor, note, at)
    SELECT changed.id, v.status, v.actor, v.note, v.at
      FROM changed, (VALUES ${rows.join(', ')}) AS v(status, actor, note, at))`;
}

/** A timeline row as the save's statement answers it (JSON: the time is a string). */
type StoredTimelineEntry = Omit<Parameters<typeof toTimelineEntry>[0], 'at'> & { at: string };

/** The order's whole timeline after `change`: the rows stored before it, then its own. */
const timelineAfter = (stored: StoredTimelineEntry[], change: OrderChange): TimelineEntry[] => [
  ...stored.map(toTimelineEntry),
  ...change.timeline,
];

/** A guarded save's condition (ADR 0062): the order's row, the part `changed`, was written. */
const WRITTEN = 'EXISTS (SELECT 1 FROM changed)';

const one = async (sql: RunSql, statement: string, params: unknown[]): Promise<Order | null> => {
  const [row] = await sql<OrderEntity>(statement, params);
  return row ? toOrder(row) : null;
};

/** Orders and their timelines; `save` also writes a change's ledger entries, jobs and events. */
@Injectable()
export class SqlOrderRepository extends OrderRepository {
  constructor(
    private readonly jobs: JobRepository,
    private readonly outbox: OrderOutbox,
  ) {
    super();
  }

  async lock(tx: Tx, id: string): Promise<Order | null> {
    if (!isId(id)) return null;
    return one(sqlOf(tx), `${BY_ID} FOR UPDATE`, [id]);
  }

  async findById(tx: Tx, id: string): Promise<Order | null> {
    if (!isId(id)) return null;
    return one(sqlOf(tx), BY_ID, [id]);
  }

  async findByIds(tx: Tx, ids: string[]): Promise<Order[]> {
    const valid = ids.filter(isId);
    if (valid.length === 0) return [];
    const rows = await sqlOf(tx)<OrderEntity>(`${SELECT} WHERE o."id" = ANY($1::varchar[])`, [
      valid,
    ]);
    return rows.map(toOrder);
  }

  findOpenByBuyer(tx: Tx, listingId: string, buyerId: string): Promise<Order | null> {
    return one(sqlOf(tx), OPEN_BY_BUYER, [listingId, buyerId]);
  }

  async findForChange(tx: Tx, id: string): Promise<VersionedOrder | null> {
    if (!isId(id)) return null;
    const [row] = await sqlOf(tx)<OrderEntity & { rowVersion: string }>(BY_ID_VERSIONED, [id]);
    if (!row) return null;
    const { rowVersion, ...entity } = row;
    return { order: toOrder(entity), version: rowVersion };
  }

  async save(
    tx: Tx,
    change: OrderChange,
    meta: ChangeMeta,
    withChange: WrittenWith = {},
  ): Promise<TimelineEntry[]> {
    const { values, statement } = this.statementOf(change, meta, withChange);
    const [row] = await sqlOf(tx)<{ stored: StoredTimelineEntry[] }>(statement, values);
    if (change.jobs.length > 1)
      for (const each of change.jobs) await this.jobs.apply(tx, change.order.id, each);
    return timelineAfter(row?.stored ?? [], change);
  }

  async saveIfUnchanged(
    tx: Tx,
    change: OrderChange,
    meta: ChangeMeta,
    version: string,
    withChange: WrittenWith = {},
  ): Promise<TimelineEntry[] | null> {
    // Not one statement (an insert, or jobs changes applied one after the other): the caller
    // takes the transaction.
    if (change.isNew || change.jobs.length > 1) return null;
    const { values, statement } = this.statementOf(change, meta, withChange, version);
    const [row] = await sqlOf(tx)<{ applied: boolean; stored: StoredTimelineEntry[] }>(
      statement,
      values,
    );
    return row?.applied ? timelineAfter(row.stored, change) : null;
  }

  /**
   * The whole change in one statement (ADR 0055): the order row and its new timeline rows, the
   * ledger entries, the jobs, the outbox rows and what is written with the change (the inbox's
   * processor events, ADR 0065), each a part of one data-modifying CTE (one
   * round trip; parts never read each other's rows but through `RETURNING`). A change with more
   * than one jobs change (two transitions merged into one change) applies those one after the
   * other instead, after the statement: a later one may close what an earlier one scheduled.
   */
  private statementOf(
    change: OrderChange,
    meta: ChangeMeta,
    withChange: WrittenWith,
    version?: string,
  ): { statement: string; values: unknown[] } {
    const { order } = change;
    // An update sets every column but the id ($1); an insert writes them all.
    const p = new StatementParams(valuesOf(order));
    // Guarded (ADR 0062): the row only if its version is still the one read, and every other
    // part only with it, so nothing at all is written when the row changed meanwhile.
    const write = change.isNew
      ? INSERT
      : version === undefined
        ? UPDATE
        : `${UPDATE} AND xmin = ${p.add(version, '::xid')}`;
    // One condition for every other part (and the answer's `applied`): the row was written.
    const when = version === undefined ? undefined : WRITTEN;
    const parts = [`changed AS (${write} RETURNING "id")`];
    if (change.timeline.length > 0) parts.push(timelinePart(change.timeline, p));
    // Entries are booked in the change's order (their ids are the ledger's booking order).
    let after: string | undefined;
    change.ledger.forEach((entry, i) => {
      parts.push(...ledgerEntryParts(entry, p, `l${i}`, { after, when }));
      after = `l${i}p`;
    });
    const [jobs, ...moreJobs] = change.jobs;
    if (jobs && moreJobs.length === 0) parts.push(...jobsChangeParts(order.id, jobs, p, 'j', when));
    if (withChange.inbox?.length)
      parts.push(`inbox AS (${paymentEventsInsert(withChange.inbox, p, when)})`);
    let notify = '1';
    if (change.events.length > 0) {
      const rows = this.outbox.prepare(order, change.events, meta, p.next, when);
      p.values.push(...rows.params);
      parts.push(`events AS (${rows.insert})`);
      notify = rows.notify;
    }
    // The timeline rows stored before this change (the statement's snapshot), for its view.
    return {
      values: p.values,
      statement: `WITH ${parts.join(',\n')}
       SELECT ${notify} AS "wake", ${WRITTEN} AS "applied",
              coalesce((SELECT json_agg(json_build_object('status', t.status, 'actor', t.actor,
                                                          'note', t.note, 'at', t.at) ORDER BY t.id)
                          FROM orders.order_timeline t WHERE t.order_id = $1), '[]') AS "stored"`,
    };
  }

  async timelines(tx: Tx, orderIds: string[]): Promise<Map<string, TimelineEntry[]>> {
    const out = new Map<string, TimelineEntry[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return out;
    const rows = await sqlOf(tx)<{ orderId: string } & Parameters<typeof toTimelineEntry>[0]>(
      `SELECT order_id AS "orderId", status, actor, note, at FROM orders.order_timeline
        WHERE order_id = ANY($1::varchar[]) ORDER BY id`,
      [orderIds],
    );
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
    const params: unknown[] = [userId, limit + 1];
    const where = [role === 'buyer' ? 'o."buyer_id" = $1' : 'o."seller_id" = $1'];
    if (listingId) {
      params.push(listingId);
      where.push(`o."listing_id" = $${params.length}`);
    }
    if (cursor) {
      const [at, id] = decodeCursor(cursor, 2);
      // Typed readers: a forged cursor with a non-date is a 400, never the cast's 500.
      params.push(cursorTimestamp(at), cursorId(id));
      where.push(
        `(o."created_at", o."id") < ($${params.length - 1}::timestamptz, $${params.length})`,
      );
    }
    const rows = await sqlOf(tx)<OrderEntity>(
      `${SELECT} WHERE ${where.join(' AND ')}
        ORDER BY o."created_at" DESC, o."id" DESC LIMIT $2`,
      params,
    );
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
    const [row] = (await sqlOf(tx)(
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
