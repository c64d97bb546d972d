import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type OrderState } from '../domain/progress';

export interface OrderFacts {
  orderId: string;
  state: OrderState;
  rank: number;
  goodsCents: number;
  feeCents: number;
  at: string;
  paidAt: string | null;
}

export interface StatsFigures {
  usersTotal: number;
  usersNewThisWeek: number;
  activeListings: number;
  ordersByState: Record<string, number>;
  gmvThisMonthCents: number;
  feesThisMonthCents: number;
  openCases: number;
  signupsByDay: { day: string; count: number }[];
  ordersByDay: { day: string; count: number; gmvCents: number }[];
}

const IRISH_DAY = (column: string) =>
  `to_char(${column} AT TIME ZONE 'Europe/Dublin', 'YYYY-MM-DD')`;

@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async userRegistered(tx: EntityManager, userId: string, at: string): Promise<void> {
    await tx.query(
      `INSERT INTO "admin"."stat_users" (user_id, registered_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO NOTHING`,
      [userId, at],
    );
  }

  /** Moves the listing to `status` unless it already went further; remembers its seller. */
  async listing(
    tx: EntityManager,
    listingId: string,
    sellerId: string,
    status: string,
    rank: number,
    at: string,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO "admin"."stat_listings" (listing_id, seller_id, status, rank, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (listing_id) DO UPDATE SET status = EXCLUDED.status, rank = EXCLUDED.rank,
         updated_at = EXCLUDED.updated_at, seller_id = EXCLUDED.seller_id
       WHERE "stat_listings".rank <= EXCLUDED.rank`,
      [listingId, sellerId, status, rank, at],
    );
  }

  /**
   * A seller's suspension started or ended (identity's events; the later one wins, whatever
   * order they arrive in). Their active listings are hidden meanwhile (ADR 0035).
   */
  async sellerSuspension(
    tx: EntityManager,
    userId: string,
    suspended: boolean,
    at: string,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO "admin"."stat_suspended_sellers" (user_id, suspended, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET suspended = EXCLUDED.suspended, changed_at = EXCLUDED.changed_at
       WHERE "stat_suspended_sellers".changed_at <= EXCLUDED.changed_at`,
      [userId, suspended, at],
    );
  }

  /** Moves the order to its state unless it already went further; keeps when it was paid. */
  async order(tx: EntityManager, o: OrderFacts): Promise<void> {
    await tx.query(
      `INSERT INTO "admin"."stat_orders" (order_id, state, rank, goods_cents, fee_cents, created_at, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (order_id) DO UPDATE SET
         state = CASE WHEN "stat_orders".rank <= EXCLUDED.rank THEN EXCLUDED.state ELSE "stat_orders".state END,
         rank = GREATEST("stat_orders".rank, EXCLUDED.rank),
         paid_at = coalesce("stat_orders".paid_at, EXCLUDED.paid_at)`,
      [o.orderId, o.state, o.rank, o.goodsCents, o.feeCents, o.at, o.paidAt],
    );
  }

  async figures(): Promise<StatsFigures> {
    const [users] = (await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE registered_at >= now() - interval '7 days')::int AS week
         FROM "admin"."stat_users"`,
    )) as { total: number; week: number }[];
    const [listings] = (await this.dataSource.query(
      // Listings hides a suspended seller's active listings (and one released meanwhile).
      `SELECT count(*)::int AS active FROM "admin"."stat_listings" l
        WHERE l.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM "admin"."stat_suspended_sellers" s
                           WHERE s.user_id = l.seller_id AND s.suspended)`,
    )) as { active: number }[];
    const byState = (await this.dataSource.query(
      `SELECT state, count(*)::int AS n FROM "admin"."stat_orders" GROUP BY state`,
    )) as { state: string; n: number }[];
    // "This month" is the Irish calendar month; money counts orders paid in it that still stand.
    const [money] = (await this.dataSource.query(
      `SELECT coalesce(sum(goods_cents), 0)::int AS gmv, coalesce(sum(fee_cents), 0)::int AS fees
         FROM "admin"."stat_orders"
        WHERE paid_at >= (date_trunc('month', now() AT TIME ZONE 'Europe/Dublin') AT TIME ZONE 'Europe/Dublin')
          AND state IN ('paid', 'shipped', 'completed')`,
    )) as { gmv: number; fees: number }[];
    const [cases] = (await this.dataSource.query(
      `SELECT count(*)::int AS open FROM "admin"."cases" WHERE status IN ('open', 'appealed')`,
    )) as { open: number }[];
    const signups = (await this.dataSource.query(
      `SELECT ${IRISH_DAY('registered_at')} AS day, count(*)::int AS count
         FROM "admin"."stat_users" WHERE registered_at >= now() - interval '14 days'
        GROUP BY 1 ORDER BY 1`,
    )) as { day: string; count: number }[];
    const orders = (await this.dataSource.query(
      `SELECT ${IRISH_DAY('paid_at')} AS day, count(*)::int AS count,
              coalesce(sum(goods_cents), 0)::int AS "gmvCents"
         FROM "admin"."stat_orders" WHERE paid_at >= now() - interval '14 days'
        GROUP BY 1 ORDER BY 1`,
    )) as { day: string; count: number; gmvCents: number }[];
    return {
      usersTotal: users!.total,
      usersNewThisWeek: users!.week,
      activeListings: listings!.active,
      ordersByState: Object.fromEntries(byState.map((r) => [r.state, r.n])),
      gmvThisMonthCents: money!.gmv,
      feesThisMonthCents: money!.fees,
      openCases: cases!.open,
      signupsByDay: signups,
      ordersByDay: orders,
    };
  }
}
