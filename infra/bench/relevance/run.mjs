#!/usr/bin/env node
// Search relevance over the bulk benchmark data (issue 14): the labelled set in queries.json,
// run through the search before (the SQL of ADR 0007, reproduced below) and after (the service's
// own ListingQueries from dist/), printing precision@10, recall@24 and nDCG@10.
//
//   npm run bench:relevance -- [--count 100000] [--reseed] [--engine before|after|both] [--verbose]
//
// Database: as `bench:browse` (infra/bench/lib/bench-db.mjs). Definitions, with R the set of
// relevant active listings of a query and the top k its first k results:
//   precision@10 = |R ∩ top 10| / min(10, |R|)   (a query with 3 relevant listings can score 1)
//   recall@24    = |R ∩ top 24| / min(24, |R|)   (one page of results)
//   nDCG@10      = DCG of the top 10 (gain 2^grade − 1, log2 discount) / the ideal DCG
// Every query of the set has at least one relevant listing (checked).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { build, database, root, runMain, seed } from '../lib/bench-db.mjs';

const require = createRequire(import.meta.url);
const { values: opts } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    reseed: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'both' },
    verbose: { type: 'boolean', default: false },
  },
});
const COUNT = Number(opts.count);
const TARGETS = { precision: 0.9, recall: 0.95 };

const set = JSON.parse(
  readFileSync(path.join(root, 'infra/bench/relevance/queries.json'), 'utf8'),
).queries;

/** The grade of a listing for a query's rules (0 = irrelevant). */
function grader(rules) {
  const compiled = rules.map((r) => ({
    title: r.title ? new RegExp(r.title, 'i') : null,
    category: r.category ?? null,
    grade: r.grade ?? 1,
  }));
  return (row) =>
    compiled.reduce(
      (best, r) =>
        (!r.title || r.title.test(row.title)) && (!r.category || r.category === row.category)
          ? Math.max(best, r.grade)
          : best,
      0,
    );
}

/**
 * The search of ADR 0007 as it was before issue 14: whole-word full text on the old document
 * (title A, description B) ranked by ts_rank, and only when nothing matched, trigram word
 * similarity on the title; ties by id. The old document is rebuilt in a temporary table with
 * its own GIN index (the column itself now holds the new document).
 */
async function beforeEngine(pool) {
  const client = await pool.connect();
  await client.query(`SET pg_trgm.word_similarity_threshold = 0.5`);
  await client.query(`
    CREATE TEMP TABLE legacy AS
    SELECT id, title, category,
           setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
           setweight(to_tsvector('english', coalesce(description, '')), 'B') AS sv
      FROM listings.listings WHERE status = 'active'`);
  await client.query(`CREATE INDEX ON legacy USING gin (sv)`);
  await client.query(`CREATE INDEX ON legacy USING gin (title gin_trgm_ops)`);
  await client.query(`ANALYZE legacy`);
  return {
    name: 'before (ADR 0007 SQL)',
    search: async (q) => {
      const text = q.trim().replace(/\s+/g, ' ').toLowerCase();
      const { rows } = await client.query(
        `WITH ft AS MATERIALIZED (
           SELECT id, title, category, ts_rank(sv, websearch_to_tsquery('english', $1))::float8 AS rank
             FROM legacy WHERE sv @@ websearch_to_tsquery('english', $1))
         SELECT * FROM (
           SELECT * FROM ft
           UNION ALL
           SELECT id, title, category, word_similarity($1, title)::float8
             FROM legacy WHERE $1 <% title AND NOT EXISTS (SELECT 1 FROM ft)) r
         ORDER BY rank DESC, id DESC LIMIT 24`,
        [text],
      );
      return rows;
    },
    close: () => client.release(),
  };
}

/** The service's own search (dist/), as `GET /api/v1/listings?search=…` runs it. */
async function afterEngine(pool) {
  const dist = (p) => require(path.join(root, 'dist/services/listings/src', p));
  const { ListingQueries } = dist('listings/persistence/listing-queries.js');
  const { normaliseBrowseParams } = dist('listings/domain/browse-params.js');
  const { withoutEmptySearch } = dist('listings/domain/search-query.js');
  const queries = new ListingQueries({
    query: async (text, values) => (await pool.query(text, values)).rows,
  });
  const dictionary = await queries.searchDictionary();
  return {
    name: 'after (issue 14)',
    search: async (q) => {
      const params = withoutEmptySearch(
        normaliseBrowseParams({ search: q, limit: 24 }),
        dictionary,
      );
      return (await queries.browse(params, null, false)).rows;
    },
    close: () => undefined,
  };
}

function dcg(grades) {
  return grades.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
}

async function evaluate(engine, listings) {
  const perQuery = [];
  for (const item of set) {
    const grade = grader(item.relevant);
    const relevantGrades = [];
    for (const row of listings) {
      const g = grade(row);
      if (g > 0) relevantGrades.push(g);
    }
    if (relevantGrades.length === 0) throw new Error(`no relevant listing for "${item.q}"`);
    const rows = await engine.search(item.q);
    const grades = rows.map(grade);
    const hits = (k) => grades.slice(0, k).filter((g) => g > 0).length;
    const n = relevantGrades.length;
    const ideal = relevantGrades.sort((a, b) => b - a).slice(0, 10);
    perQuery.push({
      q: item.q,
      kind: item.kind,
      relevant: n,
      precision: hits(10) / Math.min(10, n),
      recall: hits(24) / Math.min(24, n),
      ndcg: dcg(grades.slice(0, 10)) / dcg(ideal),
      top: rows.slice(0, 3).map((r) => r.title),
      misses: rows
        .slice(0, 10)
        .filter((r) => grade(r) === 0)
        .map((r) => r.title),
    });
  }
  return perQuery;
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fmt = (n) => n.toFixed(3);

async function main() {
  build();
  const cleanups = [];
  try {
    const url = await database(cleanups);
    await seed(url, COUNT, opts.reseed);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const listings = (
      await pool.query(
        `SELECT id, title, category FROM listings.listings WHERE status = 'active' ORDER BY id`,
      )
    ).rows;
    const engines = [];
    if (opts.engine !== 'after') engines.push(await beforeEngine(pool));
    if (opts.engine !== 'before') engines.push(await afterEngine(pool));
    const results = [];
    for (const engine of engines) {
      results.push({ engine: engine.name, perQuery: await evaluate(engine, listings) });
      await engine.close();
    }
    await pool.end();

    const kinds = [...new Set(set.map((q) => q.kind))];
    console.log('');
    console.log(
      `Search relevance — ${set.length} labelled queries over ${listings.length} active listings (${COUNT} seeded)`,
    );
    console.log('');
    console.log('| engine | queries | precision@10 | recall@24 | nDCG@10 |');
    console.log('|---|---|---|---|---|');
    for (const { engine, perQuery } of results) {
      const rows = [
        ['all', perQuery],
        ...kinds.map((k) => [k, perQuery.filter((q) => q.kind === k)]),
      ];
      for (const [kind, qs] of rows)
        console.log(
          `| ${kind === 'all' ? `**${engine}**` : `${engine}: ${kind}`} | ${qs.length} | ${fmt(mean(qs.map((q) => q.precision)))} | ${fmt(mean(qs.map((q) => q.recall)))} | ${fmt(mean(qs.map((q) => q.ndcg)))} |`,
        );
    }
    const last = results[results.length - 1];
    const p = mean(last.perQuery.map((q) => q.precision));
    const r = mean(last.perQuery.map((q) => q.recall));
    console.log('');
    console.log(
      `Targets (${last.engine}): precision@10 ${fmt(p)} ≥ ${TARGETS.precision} ${p >= TARGETS.precision ? 'PASS' : 'FAIL'}; recall@24 ${fmt(r)} ≥ ${TARGETS.recall} ${r >= TARGETS.recall ? 'PASS' : 'FAIL'}`,
    );
    for (const { engine, perQuery } of results) {
      const weak = perQuery.filter((q) => q.precision < 1 || q.recall < 1);
      console.log('');
      console.log(`${engine}: ${weak.length} queries below 1.0 on precision or recall`);
      for (const q of opts.verbose ? weak : weak.slice(0, 40))
        console.log(
          `  "${q.q}" (${q.kind}, ${q.relevant} relevant): P@10 ${fmt(q.precision)} R@24 ${fmt(q.recall)} nDCG ${fmt(q.ndcg)}` +
            (q.misses.length
              ? ` — not relevant in top 10: ${q.misses.slice(0, 3).join(' · ')}`
              : '') +
            (opts.verbose ? ` — top: ${q.top.join(' · ')}` : ''),
        );
    }
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

runMain(main);
