import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { migrate } from '@loadout/db';
import { createServiceDataSource } from '@loadout/service-kit';
import { listingsService } from './listings.service';
import { loadListingsConfig } from './listings.config';
import {
  BULK_ID_PREFIX,
  BULK_SELLER_PREFIX,
  bulkListing,
  bulkSeller,
  createRandom,
  type BulkRow,
} from './seed/bulk-listings';

const BATCH = 5000;
const SELLERS = 500;

const COLUMNS: [column: string, type: string, value: (r: BulkRow) => unknown][] = [
  ['id', 'text', (r) => r.id],
  ['seller_id', 'text', (r) => r.sellerId],
  ['status', 'text', (r) => r.status],
  ['title', 'text', (r) => r.title],
  ['description', 'text', (r) => r.description],
  ['category', 'text', (r) => r.category],
  ['condition', 'text', (r) => r.condition],
  ['price_cents', 'int', (r) => r.priceCents],
  ['county', 'text', (r) => r.county],
  ['postage_cents', 'int', (r) => r.postageCents],
  ['collection', 'bool', (r) => r.collection],
  ['fps', 'numeric', (r) => r.fps],
  ['bb_weight_grams', 'numeric', (r) => r.bbWeightGrams],
  ['joules', 'numeric', (r) => r.joules],
  ['thumb_url', 'text', (r) => r.thumbUrl],
  ['image_count', 'int', (r) => r.imageCount],
  ['favorite_count', 'int', (r) => r.favoriteCount],
  ['published_at', 'timestamptz', (r) => r.publishedAt.toISOString()],
  ['created_at', 'timestamptz', (r) => r.publishedAt.toISOString()],
  ['updated_at', 'timestamptz', (r) => r.publishedAt.toISOString()],
];

/**
 * Benchmark data: `--count N` fictional listings from 500 fictional sellers, inserted in
 * batches of 5,000 (one `INSERT … SELECT unnest(…)` per batch, one array per column), without
 * outbox events. Ids start with `bulk-`; `--reset` deletes earlier bulk rows first.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string', default: '2026' },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 0) throw new Error('--count must be a whole number');
  const config = loadListingsConfig();
  if (config.NODE_ENV === 'production') throw new Error('refusing to bulk-seed in production');
  const ds = createServiceDataSource(listingsService, config);
  await migrate(ds);
  const started = Date.now();
  if (values.reset) {
    const [, deleted] = (await ds.query(`DELETE FROM "listings"."listings" WHERE "id" LIKE $1`, [
      `${BULK_ID_PREFIX}%`,
    ])) as [unknown, number];
    await ds.query(`DELETE FROM "listings"."sellers" WHERE "id" LIKE $1`, [
      `${BULK_SELLER_PREFIX}%`,
    ]);
    console.log(`listings: removed ${deleted} earlier bulk listings`);
  }
  const r = createRandom(Number(values.seed));
  const now = Date.now();
  const sellers = Array.from({ length: SELLERS }, (_, i) => bulkSeller(i + 1, r, now));
  await ds.query(
    `INSERT INTO "listings"."sellers"
       ("id", "username", "display_name", "county", "seller_type", "member_since", "updated_at")
     SELECT *, now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
     ON CONFLICT ("id") DO NOTHING`,
    [
      sellers.map((s) => s.id),
      sellers.map((s) => s.username),
      sellers.map((s) => s.displayName),
      sellers.map((s) => s.county),
      sellers.map((s) => s.sellerType),
      sellers.map((s) => s.memberSince.toISOString()),
    ],
  );
  const [{ start }] = (await ds.query(
    `SELECT coalesce(max(substring("id" FROM 6)::bigint), 0)::int AS "start"
       FROM "listings"."listings" WHERE "id" LIKE $1`,
    [`${BULK_ID_PREFIX}%`],
  )) as [{ start: number }];
  const insert = `INSERT INTO "listings"."listings" (${COLUMNS.map(([c]) => `"${c}"`).join(', ')})
    SELECT * FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`;
  for (let done = 0; done < count;) {
    const size = Math.min(BATCH, count - done);
    const rows = Array.from({ length: size }, (_, i) =>
      bulkListing(start + done + i + 1, r, SELLERS, now),
    );
    await ds.transaction((tx) =>
      tx.query(
        insert,
        COLUMNS.map(([, , value]) => rows.map(value)),
      ),
    );
    done += size;
    console.log(
      `listings: inserted ${done}/${count} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  await ds.query(`ANALYZE "listings"."listings"`);
  const [{ total, active }] = (await ds.query(
    `SELECT count(*)::int AS "total", count(*) FILTER (WHERE "status" = 'active')::int AS "active"
       FROM "listings"."listings"`,
  )) as [{ total: number; active: number }];
  console.log(
    `listings: bulk seed done in ${((Date.now() - started) / 1000).toFixed(1)} s; ${total} listings (${active} active)`,
  );
  await ds.destroy();
}

main().catch((err: unknown) => {
  console.error('listings: bulk seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
