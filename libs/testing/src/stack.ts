import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';

const ROOT = path.resolve(__dirname, '../../..');

export interface Stack {
  url: string;
  /** Services listen on this base + their offset (infra/embedded/apps.mjs), on 127.0.0.1. */
  servicePortBase: number;
  /** The database the services use (for admin commands run by a journey). */
  databaseUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A block of free consecutive ports for the services (base + offset, offsets 1–9). */
async function freePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = Array.from({ length: 9 }, (_, i) => base + i + 1);
    const free = await Promise.all(
      ports.map(
        (p) =>
          new Promise<boolean>((resolve) => {
            const s = net.createServer();
            s.once('error', () => resolve(false));
            s.listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free port block for the services');
}

export interface StackOptions {
  /** `npm run start:cluster` instead of `npm start` (Kafka, Keycloak, Redis, replicas). */
  cluster?: boolean;
  /** Extra environment, e.g. the running Kafka and Keycloak to use. */
  env?: Record<string, string>;
  /**
   * How long to wait for the "running" line; `npm start` builds what is stale first, so a cold
   * checkout needs longer than a built one. Default: LOADOUT_STACK_READY_TIMEOUT_S or 360 s.
   */
  readyTimeoutMs?: number;
  /** Variables of this process not to pass on (e.g. REDIS_URL, to keep the stack's counters its own). */
  unsetEnv?: string[];
}

/**
 * Shared by the browser journeys (frontends/shell-e2e) and the API security suites
 * (infra/security-suite). Starts the product exactly as `npm start` (or `npm run
 * start:cluster`) does (infra/embedded/start.mjs), on free ports, with its own data directory
 * and database, and waits for the "running" line. `options.env` tunes the apps (e.g.
 * RATE_LIMIT_PER_MINUTE, or the running Kafka and Keycloak to use).
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loadout-e2e-'));
  const port = await freePort();
  const servicePortBase = await freePortBase();
  let db: TestDatabase | null = null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SERVICE_PORT_BASE: String(servicePortBase),
    PG_PORT: String(await freePort()),
    LOADOUT_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  for (const name of options.unsetEnv ?? []) delete env[name];
  const readyTimeoutMs =
    options.readyTimeoutMs ?? Number(process.env['LOADOUT_STACK_READY_TIMEOUT_S'] ?? 360) * 1000;
  if (process.env['DATABASE_URL']) {
    db = await createTestDatabase('e2e');
    env['DATABASE_URL'] = db.url;
  }
  const databaseUrl = db?.url ?? `postgres://postgres:postgres@127.0.0.1:${env['PG_PORT']}/loadout`;
  let out = '';
  const args = ['infra/embedded/start.mjs', ...(options.cluster ? ['--cluster'] : [])];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind a failed test run.
      child.removeAllListeners('exit');
      // SIGINT would wait for a synchronous build step (a running webpack finishes on its own).
      child.kill('SIGKILL');
      void db?.drop().catch(() => undefined);
      reject(new Error(`stack not ready after ${readyTimeoutMs / 1000} s:\n${out}`));
    }, readyTimeoutMs);
    const check = () => {
      if (out.includes('Loadout is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${out}`));
    });
  });

  return {
    url: `http://localhost:${port}`,
    servicePortBase,
    databaseUrl,
    output: () => out,
    async stop() {
      child.removeAllListeners('exit');
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
