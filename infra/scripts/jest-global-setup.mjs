// When DATABASE_URL is not set, give the whole jest run one embedded PostgreSQL;
// each test file then creates its own throwaway database on it (see @loadout/db/testing).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../embedded/postgres.mjs';

export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loadout-test-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
  process.env.DATABASE_URL = pg.url;
  globalThis.__loadoutEmbeddedPg = pg;
  console.log(
    `\n[jest] DATABASE_URL not set: started embedded PostgreSQL at ${pg.url.replace(/:[^:@]*@/, ':***@')}`,
  );
}
