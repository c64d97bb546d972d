// The baseline of the browse benchmark: bare Fastify + `pg`, running the listings service's own
// browse SQL (ListingQueries, the same statements and row mapping, from dist/) with nothing
// else: no Nest, no TypeORM, no validation, auth, logging, caching or gateway hop.
//
//   DATABASE_URL=... PORT=... node infra/bench/browse/bare-server.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(root, 'dist/services/listings/src', p));

require('reflect-metadata');
const { ListingQueries } = dist('listings/persistence/listing-queries.js');
const { normaliseBrowseParams } = dist('listings/domain/browse-params.js');
const { positionOf, toListResponse } = dist('listings/browse-listings/browse-listings.query.js');

const { TRGM_OPTIONS } = dist('listings/persistence/search-settings.js');
// Same pool size and session settings (typo threshold) as the service.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  options: TRGM_OPTIONS,
});
const queries = new ListingQueries({
  query: async (text, values) => (await pool.query(text, values)).rows,
});

const INTEGERS = new Set(['minPriceCents', 'maxPriceCents', 'limit']);

const app = Fastify({ logger: false });
app.get('/api/v1/listings', async (req) => {
  const query = {};
  for (const [key, value] of Object.entries(req.query)) {
    query[key] = INTEGERS.has(key) ? Number(value) : value;
  }
  const params = normaliseBrowseParams(query);
  const page = await queries.browse(params, positionOf(params.sort, params.cursor));
  return toListResponse(params.sort, page, params.limit);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
