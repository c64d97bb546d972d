import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { killTree } from './process-tree';

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

/**
 * The lowest port the kernel hands out for outgoing connections. Ports at or above it can be
 * taken by any client socket (a pool's connection to PostgreSQL) between our check and the
 * service's listen, so the stack's ports are chosen below it.
 */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    const value = Number(low);
    return Number.isInteger(value) && value > 12_000 ? value : 32_768;
  } catch {
    return 32_768; // Linux's default; other systems start higher (49152)
  }
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/**
 * One block of free ports below the ephemeral range: the services at base + offset (offsets
 * 1–9, cluster replicas at + 10 and + 20, infra/embedded/start.mjs), the gateway at base + 30
 * and the embedded PostgreSQL at base + 31.
 */
const STACK_PORT_BLOCK = 32;

async function freePortBlock(): Promise<number> {
  const high = ephemeralLow() - STACK_PORT_BLOCK;
  for (let attempt = 0; attempt < 40; attempt++) {
    const base = 10_000 + Math.floor(Math.random() * (high - 10_000));
    const ports = Array.from({ length: STACK_PORT_BLOCK - 1 }, (_, i) => base + i + 1);
    const free = await Promise.all(ports.map(portFree));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free block of ports for the stack');
}

/**
 * The last lines of the stack's output, where a failed start says why: shown first, since a
 * long output is cut in the middle by whatever prints it.
 */
function tail(out: string, lines = 30): string {
  return out.trimEnd().split('\n').slice(-lines).join('\n');
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
  const servicePortBase = await freePortBlock();
  const port = servicePortBase + 30;
  let db: TestDatabase | null = null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SERVICE_PORT_BASE: String(servicePortBase),
    PG_PORT: String(servicePortBase + 31),
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
      // SIGINT would wait for a synchronous build step (a running webpack finishes on its own),
      // and killing only the launcher would leave the services it started running: the whole
      // tree goes.
      if (child.pid !== undefined) killTree(child.pid);
      db?.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      reject(
        new Error(
          `stack not ready after ${readyTimeoutMs / 1000} s; its last lines:\n${tail(out)}\n\nall of its output:\n${out}`,
        ),
      );
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
      reject(
        new Error(
          `npm start exited with ${code}; its last lines:\n${tail(out)}\n\nall of its output:\n${out}`,
        ),
      );
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
