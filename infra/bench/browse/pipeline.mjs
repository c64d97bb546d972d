#!/usr/bin/env node
// The service pipeline alone (issue 28): CPU per request of the listings service on a Nest route
// that does no I/O (`GET /health/live`: Fastify, middie and the request logger's middleware,
// Nest's router, guards, interceptors and pipes, the reply), this checkout's dist/ against
// another checkout's (`--baseline`), in alternating rounds. No gateway and no SQL, so thousands
// of requests per window: a change of the pipeline shows here even on a loaded machine, where
// bench:browse's 50–200 requests per window drown it.
//
//   node infra/bench/browse/pipeline.mjs --baseline /path/to/checkout [--rounds 5] [--seconds 6]
//
// Database: as bench:browse (the service needs its schema; run bench:browse once to seed).
import path from 'node:path';
import { build, database, root } from '../lib/bench-db.mjs';
import { abOptions, abRounds } from '../lib/ab-rounds.mjs';
import { browseStacks } from '../lib/browse-stack.mjs';
import { freePort } from '../../embedded/postgres.mjs';
import { waitReady } from '../lib/services.mjs';

const opts = abOptions('pipeline.mjs --baseline <checkout with an earlier dist/>', {
  path: { type: 'string', default: '/health/live' },
});
const log = (msg) => console.log(`[pipeline] ${msg}`);
const children = [];
const { start, stop } = browseStacks({ children });

async function service(url, dir, label) {
  const port = await freePort();
  const child = start(
    `${label}-listings`,
    'dist/services/listings/src/main.js',
    {
      DATABASE_URL: url,
      PORT: String(port),
      LISTINGS_CACHE_TTL_SECONDS: '0',
      OBJECT_STORAGE_DIR: path.join(root, '.data/bench-objects'),
      UPLOAD_SIGNING_SECRET: 'bench-only-signing-secret-0123456789',
    },
    dir,
  );
  await waitReady(`http://127.0.0.1:${port}/health/ready`);
  return { label, child, base: `http://127.0.0.1:${port}` };
}

/** CPU the service burns idle (the outbox relay, the consumers' polling), per second. */
async function main() {
  build();
  const url = await database([]);
  const targets = [
    await service(url, root, 'after'),
    await service(url, path.resolve(opts.baseline), 'before'),
  ];
  await abRounds(targets, {
    what: opts.path,
    path: opts.path,
    connections: Number(opts.connections),
    seconds: Number(opts.seconds),
    rounds: Number(opts.rounds),
    log,
  });
  for (const t of targets) await stop(t.child);
}

main().catch(async (err) => {
  console.error(err);
  for (const c of children) c.kill('SIGTERM');
  process.exit(1);
});
