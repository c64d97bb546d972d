// Gives the jest run a PostgreSQL server when DATABASE_URL is not set; each test file then
// creates its own throwaway database on it (see @loadout/db/testing). Order of preference:
// DATABASE_URL (this machine's server, CI) → a Testcontainers postgres where a Docker engine
// answers → embedded PostgreSQL (real binaries from npm).
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../embedded/postgres.mjs';

function dockerEngineLikely() {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

async function startContainer() {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  return {
    url: `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    stop: () => container.stop(),
    kind: 'Testcontainers postgres:16-alpine',
  };
}

async function startEmbedded() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loadout-test-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
  return { ...pg, kind: 'embedded PostgreSQL' };
}

export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  let pg = null;
  if (dockerEngineLikely()) {
    pg = await startContainer().catch((err) => {
      console.log(
        `\n[jest] Testcontainers unavailable (${err.message}); using embedded PostgreSQL`,
      );
      return null;
    });
  }
  pg ??= await startEmbedded();
  process.env.DATABASE_URL = pg.url;
  globalThis.__loadoutTestPg = pg;
  console.log(
    `\n[jest] DATABASE_URL not set: started ${pg.kind} at ${pg.url.replace(/:[^:@]*@/, ':***@')}`,
  );
}
