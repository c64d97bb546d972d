import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type ListingStatus } from '@loadout/contracts';
import { type BrowseParams, type Position } from '../domain/browse-params';
import { countSql, keysetPageSql, SqlParams, type KeysetSpec } from './keyset-sql';
import {
  DETAIL_COLUMNS,
  SUMMARY_COLUMNS,
  type DetailRow,
  type PageRow,
  type SummaryRow,
} from './listing.rows';

const LISTINGS = `"listings"."listings" l`;

interface PgPool {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The data source's own `pg` pool when there is one: TypeORM's `query()` creates and releases a
 * query runner around every statement, which costs more CPU than the browse work itself.
 * Anything else with `query()` (a test double, the benchmark's bare handler) is used as is.
 */
function poolReader(dataSource: Pick<DataSource, 'query'> & { driver?: unknown }) {
  const pool = (dataSource.driver as { master?: PgPool } | undefined)?.master;
  if (pool && typeof pool.query === 'function')
    return {
      query: async (sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows,
    };
  return {
    query: (sql: string, params?: unknown[]) => dataSource.query(sql, params) as Promise<unknown[]>,
  };
}
const PUBLIC_STATUSES = `('active', 'reserved', 'sold')`;

export interface Page {
  rows: PageRow[];
  total: number;
}

/**
 * Read side: hand-written SQL selecting only what a card or a page needs. A browse request is
 * two statements (page and count), run concurrently.
 */
@Injectable()
export class ListingQueries {
  /** Reads go straight to the pool (one statement each, no transaction, no query runner). */
  private readonly reads: { query(sql: string, params?: unknown[]): Promise<unknown[]> };

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.reads = poolReader(dataSource);
  }

  /**
   * A page of active listings; the count query runs only when `withTotal` (else total = -1).
   *
   * A search matches by full text (title weighted above description). Only when nothing
   * matches that way (with the same filters) does it fall back to trigram word similarity on
   * the title, so "glok" still finds "Glock": the fallback branch carries a one-time
   * `NOT EXISTS` over the full-text matches, which skips the costly trigram scan whenever
   * full text found something. The choice depends on the filters, not the page, so
   * every page of one search uses the same branch.
   */
  browse(p: BrowseParams, after: Position | null, withTotal = true): Promise<Page> {
    const params = new SqlParams();
    const v = {
      category: p.category ? params.add(p.category) : null,
      condition: p.condition ? params.add(p.condition) : null,
      county: p.county ? params.add(p.county) : null,
      min: p.minPriceCents !== null ? params.add(p.minPriceCents) : null,
      max: p.maxPriceCents !== null ? params.add(p.maxPriceCents) : null,
      seller: p.sellerId ? params.add(p.sellerId) : null,
    };
    const filters = (a: string): string[] => {
      const f = [`${a}."status" = 'active'`];
      if (v.category) f.push(`${a}."category" = ${v.category}`);
      if (v.condition) f.push(`${a}."condition" = ${v.condition}`);
      if (v.county) f.push(`${a}."county" = ${v.county}`);
      if (v.min) f.push(`${a}."price_cents" >= ${v.min}`);
      if (v.max) f.push(`${a}."price_cents" <= ${v.max}`);
      if (p.delivery === 'post') f.push(`${a}."postage_cents" IS NOT NULL`);
      if (p.delivery === 'collection') f.push(`${a}."collection"`);
      if (v.seller) f.push(`${a}."seller_id" = ${v.seller}`);
      return f;
    };

    let from = LISTINGS;
    let where = filters('l');
    let search: string | null = null;
    if (p.search) {
      search = params.add(p.search);
      const tsq = `websearch_to_tsquery('english', ${search})`;
      const and = (clauses: string[]) => clauses.join(' AND ');
      // The full-text matches are computed once (materialised) and serve both as results and
      // as the one-time test that decides whether the typo branch runs at all.
      // Each branch carries its own rank: full-text rank (title weighted above description), or
      // for the typo fallback the title's word similarity. The branches never mix.
      // Only the card's columns travel through the CTE (not descriptions and tsvectors).
      const fullText = `SELECT ${SUMMARY_COLUMNS}, ts_rank(l."search_vector", ${tsq}) AS "rank"
        FROM ${LISTINGS}
        WHERE ${and([...filters('l'), `l."search_vector" @@ ${tsq}`])}`;
      const typos = `SELECT ${SUMMARY_COLUMNS}, word_similarity(${search}, l."title") AS "rank"
        FROM ${LISTINGS}
        WHERE ${and([...filters('l'), `${search} <% l."title"`])}
          AND NOT EXISTS (SELECT 1 FROM ft)`;
      from = `(WITH ft AS MATERIALIZED (${fullText})
        SELECT * FROM ft UNION ALL ${typos}) l`;
      where = [];
    }

    const base = { from, select: SUMMARY_COLUMNS, where, params, id: 'l."id"' };
    let spec: KeysetSpec;
    switch (p.sort) {
      case 'newest':
        spec = {
          ...base,
          key: 'l."published_at"',
          keyCast: '::timestamptz',
          keyOut: 'l."published_at"::text',
          direction: 'DESC',
        };
        break;
      case 'price_asc':
      case 'price_desc':
        spec = {
          ...base,
          key: 'l."price_cents"',
          keyCast: '::int',
          keyOut: 'l."price_cents"',
          direction: p.sort === 'price_asc' ? 'ASC' : 'DESC',
        };
        break;
      case 'relevance': {
        // float4 widened to float8: recomputing it for the next page gives the same value.
        const rank = `l."rank"::float8`;
        spec = { ...base, key: rank, keyCast: '::float8', keyOut: rank, direction: 'DESC' };
        break;
      }
    }
    return this.page(spec, after, p.limit, withTotal);
  }

  /** The caller's own listings, every status unless one is asked for, recently changed first. */
  mine(
    sellerId: string,
    status: ListingStatus | null,
    after: Position | null,
    limit: number,
  ): Promise<Page> {
    const params = new SqlParams();
    const where = [`l."seller_id" = ${params.add(sellerId)}`];
    if (status) where.push(`l."status" = ${params.add(status)}`);
    return this.page(
      {
        from: LISTINGS,
        select: SUMMARY_COLUMNS,
        where,
        params,
        key: 'l."updated_at"',
        keyCast: '::timestamptz',
        keyOut: 'l."updated_at"::text',
        id: 'l."id"',
        direction: 'DESC',
      },
      after,
      limit,
    );
  }

  /** A user's favourites, most recently added first; removed listings are left out. */
  favorites(userId: string, after: Position | null, limit: number): Promise<Page> {
    const params = new SqlParams();
    return this.page(
      {
        from: `"listings"."favorites" f JOIN ${LISTINGS} ON l."id" = f."listing_id"`,
        select: SUMMARY_COLUMNS,
        where: [`f."user_id" = ${params.add(userId)}`, `l."status" IN ${PUBLIC_STATUSES}`],
        params,
        key: 'f."created_at"',
        keyCast: '::timestamptz',
        keyOut: 'f."created_at"::text',
        id: 'f."listing_id"',
        direction: 'DESC',
      },
      after,
      limit,
    );
  }

  async favoriteIds(userId: string, max: number): Promise<string[]> {
    const rows: { listing_id: string }[] = await this.dataSource.query(
      `SELECT f."listing_id" FROM "listings"."favorites" f
         JOIN ${LISTINGS} ON l."id" = f."listing_id"
        WHERE f."user_id" = $1 AND l."status" IN ${PUBLIC_STATUSES}
        ORDER BY f."created_at" DESC, f."listing_id" DESC LIMIT $2`,
      [userId, max],
    );
    return rows.map((r) => r.listing_id);
  }

  /** Admin-featured active listings first, then the newest active ones with a photo. */
  featured(limit: number): Promise<SummaryRow[]> {
    return this.dataSource.query(
      `SELECT * FROM (
         (SELECT ${SUMMARY_COLUMNS}, 0 AS "grp", l."featured_at" AS "k" FROM ${LISTINGS}
           WHERE l."featured_at" IS NOT NULL AND l."status" = 'active'
           ORDER BY l."featured_at" DESC, l."id" DESC LIMIT $1)
         UNION ALL
         (SELECT ${SUMMARY_COLUMNS}, 1 AS "grp", l."published_at" AS "k" FROM ${LISTINGS}
           WHERE l."status" = 'active' AND l."featured_at" IS NULL AND l."image_count" > 0
           ORDER BY l."published_at" DESC, l."id" DESC LIMIT $1)
       ) u ORDER BY u."grp", u."k" DESC, u."id" DESC LIMIT $1`,
      [limit],
    );
  }

  async countActive(): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "listings"."listings" WHERE "status" = 'active'`,
    );
    return rows[0]?.n ?? 0;
  }

  /** One listing with its seller card (one statement). */
  async detail(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<DetailRow | null> {
    const rows: DetailRow[] = await manager.query(
      `SELECT ${DETAIL_COLUMNS} FROM ${LISTINGS}
         LEFT JOIN "listings"."sellers" s ON s."id" = l."seller_id"
        WHERE l."id" = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  private async page(
    spec: KeysetSpec,
    after: Position | null,
    limit: number,
    withTotal = true,
  ): Promise<Page> {
    const page = keysetPageSql(spec, after, limit);
    const count = countSql(spec);
    const [rows, totals] = await Promise.all([
      this.reads.query(page.sql, page.params) as Promise<PageRow[]>,
      withTotal
        ? (this.reads.query(count.sql, count.params) as Promise<{ total: number }[]>)
        : Promise.resolve([{ total: -1 }]),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }
}
