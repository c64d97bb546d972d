import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type ListingStatus } from '@loadout/contracts';
import { poolSqlOf, type RunSql } from '@loadout/service-kit';
import { type BrowseParams, type Position } from '../domain/browse-params';
import {
  buildSearchDictionary,
  planSearch,
  type DictionaryEntry,
  type SearchDictionary,
  type SearchPlan,
} from '../domain/search-query';
import { countSql, keysetPageSql, SqlParams, type KeysetSpec } from './keyset-sql';
import {
  DETAIL_COLUMNS,
  SUMMARY_COLUMNS,
  type DetailRow,
  type PageRow,
  type SummaryRow,
} from './listing.rows';

const LISTINGS = `"listings"."listings" l`;

const PUBLIC_STATUSES = `('active', 'reserved', 'sold')`;

/**
 * A misspelt word's corrections: vocabulary words above pg_trgm's similarity threshold (0.3,
 * the `%` operator, served by the trigram index) with the fewest edits (Levenshtein), at most
 * this many: "glok" becomes "glock" (1 edit), not also "glove" (2), though both share as many
 * trigrams.
 */
const TYPO_MAX_EDITS = 2;
/** At most this many corrections per word. */
const TYPO_CORRECTIONS = 2;

/**
 * `m` (match, with prefixes and typo corrections) and `e` (exact title words, corrections
 * included) of a plan. A word gets corrections only when no vocabulary word starts with it:
 * "glock" is never "corrected" to "glove", "glok" becomes "glock". The words come from
 * `search_terms`, whose CHECK keeps them to `[a-z0-9]`, so they are safe inside `to_tsquery`.
 */
function searchQuerySql(plan: SearchPlan, params: SqlParams): string {
  const matches = params.add(plan.groups.map((g) => g.match));
  const wholes = params.add(plan.groups.map((g) => g.whole));
  const words = params.add(plan.groups.map((g) => g.word));
  const exacts = params.add(plan.groups.map((g) => g.exact));
  const typos = params.add(plan.groups.map((g) => g.typo));
  const chosen = `CASE WHEN g.k IS NOT NULL AND EXISTS (SELECT 1 FROM "listings"."search_terms" w
                                                         WHERE w."word" = g.k)
                       THEN g.w ELSE g.m END`;
  return `SELECT to_tsquery('english', string_agg('(' || ${chosen} || coalesce(c.m, '') || ')', ' & ' ORDER BY g.i)) AS "m",
           to_tsquery('english', string_agg('(' || g.e || coalesce(c.e, '') || ')', ' & ' ORDER BY g.i)) AS "e"
      FROM unnest(${matches}::text[], ${wholes}::text[], ${words}::text[], ${exacts}::text[], ${typos}::text[])
           WITH ORDINALITY AS g(m, w, k, e, t, i)
      LEFT JOIN LATERAL (
        SELECT string_agg(' | ' || w."word", '' ORDER BY w."word") AS m,
               string_agg(' | ' || w."word" || ':A', '' ORDER BY w."word") AS e
          FROM (
            SELECT v."word" FROM (
              SELECT s."word", similarity(s."word", g.t) AS "sim",
                     levenshtein(s."word", g.t) AS "edits",
                     min(levenshtein(s."word", g.t)) OVER () AS "fewest"
                FROM "listings"."search_terms" s
               WHERE s."word" % g.t
                 AND NOT EXISTS (SELECT 1 FROM "listings"."search_terms" k
                                  WHERE k."word" ~>=~ g.t AND k."word" ~<~ (g.t || '{'))) v
             WHERE v."edits" = v."fewest" AND v."edits" <= ${TYPO_MAX_EDITS}
             ORDER BY v."sim" DESC, v."word" LIMIT ${TYPO_CORRECTIONS}) w
         WHERE g.t IS NOT NULL) c ON true`;
}

export interface Page {
  rows: PageRow[];
  total: number;
}

/**
 * Read side: hand-written SQL selecting only what a card or a page needs. A browse request is
 * two statements (page and count), run concurrently.
 */
@Injectable()
export class ListingQueries implements OnModuleInit {
  /** Reads go straight to the pool (one statement each, no transaction, no query runner). */
  /** Reads on the pool itself, no query runner per statement (`poolSqlOf`). */
  private readonly reads: RunSql;

  private dictionary: Promise<SearchDictionary> | null = null;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.reads = poolSqlOf(dataSource);
  }

  /** Loaded before the first request (the dictionary changes only with migrations). */
  async onModuleInit(): Promise<void> {
    await this.searchDictionary();
  }

  /** The airsoft dictionary (`search_dictionary`), read once and kept. */
  searchDictionary(): Promise<SearchDictionary> {
    this.dictionary ??= this.reads<DictionaryEntry>(
      `SELECT "term", "kind", "label", "expansion" FROM "listings"."search_dictionary"`,
    )
      .then((rows) => buildSearchDictionary(rows))
      .catch((err: unknown) => {
        this.dictionary = null;
        throw err;
      });
    return this.dictionary;
  }

  /**
   * A page of active listings; the count query runs only when `withTotal` (else total = -1).
   *
   * A search is understood first (`domain/search-query.ts`: prefixes, model spellings, the
   * airsoft dictionary) and runs as one prefix full-text query through the GIN index. Each
   * plain word that may be misspelt also matches its nearest title words from the vocabulary
   * (`search_terms`, trigram), inside the same statement: the query's `WITH q` builds the
   * tsquery once, for the page and for the count. A query of only stop words or symbols has
   * no text filter (newest first).
   */
  async browse(p: BrowseParams, after: Position | null, withTotal = true): Promise<Page> {
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

    let with_: string | undefined;
    let from = LISTINGS;
    const where = filters('l');
    // Relevance: 2 for an exact title match of every group, plus the full-text rank (title
    // weighted above description), in steps of 1e-4, then newer (seconds since the epoch):
    // one float8 key, exact in float8 (< 2^53), recomputed identically for the next page.
    let rank = `floor(extract(epoch FROM l."published_at"))::float8`;
    const plan = p.search ? planSearch(p.search, await this.searchDictionary()) : null;
    if (plan && plan.groups.length > 0) {
      with_ = `WITH q AS MATERIALIZED (${searchQuerySql(plan, params)}) `;
      from = `${LISTINGS} CROSS JOIN q`;
      where.push(`l."search_vector" @@ q."m"`);
      rank = `(floor((2 * (l."search_vector" @@ q."e")::int + ts_rank(l."search_vector", q."m")::float8) * 10000) * 1e10 + ${rank})`;
    }

    const base = { with: with_, from, select: SUMMARY_COLUMNS, where, params, id: 'l."id"' };
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
      case 'relevance':
        spec = { ...base, key: rank, keyCast: '::float8', keyOut: rank, direction: 'DESC' };
        break;
    }
    return this.page(spec, after, p.limit, withTotal);
  }

  /**
   * Dictionary entries whose term, letters and digits only, starts with `prefix` (normalised
   * the same way by `suggestionPrefix`):
   * a whole-term match first, then models, brands, categories, shorter terms first.
   */
  suggestions(
    prefix: string,
    limit: number,
  ): Promise<{ kind: DictionaryEntry['kind']; label: string; expansion: string }[]> {
    return this.reads(
      `SELECT d."kind", d."label", d."expansion"
         FROM "listings"."search_dictionary" d
        WHERE regexp_replace(d."term", '[^a-z0-9]+', '', 'g') LIKE $1 || '%'
        GROUP BY d."kind", d."label", d."expansion"
        ORDER BY bool_or(regexp_replace(d."term", '[^a-z0-9]+', '', 'g') = $1) DESC,
                 array_position(ARRAY['model', 'brand', 'category']::varchar[], d."kind"),
                 min(length(d."term")), d."label"
        LIMIT $2`,
      [prefix.replace(/[^a-z0-9]/g, ''), limit],
    ) as Promise<{ kind: DictionaryEntry['kind']; label: string; expansion: string }[]>;
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
    const rows = await this.reads<{ listing_id: string }>(
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
    return this.reads<SummaryRow>(
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
    const rows = await this.reads<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "listings"."listings" WHERE "status" = 'active'`,
    );
    return rows[0]?.n ?? 0;
  }

  /** One listing with its seller card (one statement). */
  async detail(id: string): Promise<DetailRow | null> {
    const rows = await this.reads<DetailRow>(
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
      this.reads(page.sql, page.params) as Promise<PageRow[]>,
      withTotal
        ? (this.reads(count.sql, count.params) as Promise<{ total: number }[]>)
        : Promise.resolve([{ total: -1 }]),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }
}
