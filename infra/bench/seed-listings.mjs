#!/usr/bin/env node
// Fills the marketplace with fictional listings at scale (benchmarks, trying search by hand):
//
//   npm run seed:listings -- --count 100000 [--reset] [--seed 2026]
//
// Target: DATABASE_URL when set, otherwise the `npm start` database (embedded PostgreSQL in
// .data/postgres on PG_PORT, default 54329; started for the run when `npm start` is not running).
// Rows are marked (`bulk-` ids) so `--reset` removes exactly them; no events are written.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isPortFree, startEmbeddedPostgres } from '../embedded/postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);

function run(script, env) {
  const res = spawnSync(process.execPath, [script, ...(script.includes('seed-bulk') ? args : [])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

async function main() {
  if (!existsSync(path.join(root, 'dist/services/listings/src/seed-bulk.js'))) {
    const res = spawnSync(
      process.execPath,
      ['infra/scripts/build-backend.mjs', 'services/listings'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (res.status !== 0) process.exit(1);
  }
  let url = process.env.DATABASE_URL;
  let embedded = null;
  if (!url) {
    const port = Number(process.env.PG_PORT ?? 54329);
    if (await isPortFree(port)) {
      embedded = await startEmbeddedPostgres({
        dataDir: path.join(root, '.data/postgres'),
        port,
        persistent: true,
      });
    }
    url = `postgres://postgres:postgres@127.0.0.1:${port}/loadout`;
    const client = new pg.Client({ connectionString: url.replace(/\/loadout$/, '/postgres') });
    await client.connect();
    const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'loadout'`);
    if (!rowCount) await client.query('CREATE DATABASE loadout');
    await client.end();
  }
  try {
    run('dist/services/listings/src/migrate.js', { DATABASE_URL: url });
    run('dist/services/listings/src/seed-bulk.js', { DATABASE_URL: url });
  } finally {
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
