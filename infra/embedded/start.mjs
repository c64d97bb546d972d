#!/usr/bin/env node
// Over 400 lines on purpose: the launcher runs before `npm ci`, on Node built-ins and `apps.mjs`
// alone, so its steps (install, build, database, processes, readiness) cannot use shared helpers.
// `npm start`: installs what is missing, builds what is stale, starts embedded PostgreSQL
// (unless DATABASE_URL is set), migrates and seeds, then runs every service and the gateway
// as separate processes. Only Node built-ins are used until dependencies are installed.
//
// `npm run start:cluster` (--cluster): the same services in the distributed mode — Kafka
// (EVENT_TRANSPORT=kafka), Keycloak (IDENTITY_PROVIDER=keycloak), Redis, and two replicas of
// listings, messaging and notifications in one consumer group each, behind a balancer on the
// service's port. Kafka and Keycloak are started (cluster.mjs) unless KAFKA_BROKERS /
// KEYCLOAK_URL name running ones, and stopped with it; the demo accounts are seeded into
// Keycloak and its mail goes to the development mailbox.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRONTENDS, SERVICES } from './apps.mjs';
import { Supervisor } from './supervisor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started = Date.now();
const cluster = process.argv.includes('--cluster');
const children = [];
/** The name each child was started under, for the shutdown's messages. */
const childNames = new Map();
/** How long a stopping process may take before it is killed (SIGKILL). */
const STOP_GRACE_MS = Number(process.env.LOADOUT_STOP_GRACE_MS ?? 10_000);
const balancers = [];
let embeddedPg = null;
/** Kafka, Keycloak and the mail bridge of --cluster (infra/embedded/cluster.mjs). */
let clusterServices = null;
let stopping = false;

const log = (msg) => console.log(`[loadout] ${msg}`);
const fail = (msg) => {
  console.error(`[loadout] ${msg}`);
  void shutdown(1);
};
/** Once everything is ready, a process that exits is restarted; before, start-up fails fast. */
let supervising = false;
const supervisor = new Supervisor({
  log: (msg) => console.error(`[loadout] ${msg}`),
  onGiveUp: (name) => fail(`${name} keeps crashing; shutting down.`),
});

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(
      `[loadout] Node ${process.versions.node} is too old: Loadout needs Node 20.19 or newer (see .nvmrc).`,
    );
    process.exit(1);
  }
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status})`);
}

function ensureDependencies() {
  // For machines whose node_modules is provided (a shared, hard-linked copy): never reinstall.
  if (process.env.LOADOUT_SKIP_INSTALL === '1') return;
  // A node_modules linked in from another checkout (a git worktree) belongs to that checkout:
  // `npm ci` here would empty it under everyone using it.
  const modules = path.join(root, 'node_modules');
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) return;
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (
    existsSync(marker) &&
    (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)
  )
    return;
  log('installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function ensureBuilt() {
  const libs = newestMtime(path.join(root, 'libs'));
  const stamp = path.join(root, 'dist/.backend-built');
  const backendSources = Math.max(
    libs,
    newestMtime(path.join(root, 'gateway')),
    ...SERVICES.map((s) => newestMtime(path.join(root, s.dir))),
  );
  if (backendSources > mtime(stamp) || process.env.LOADOUT_REBUILD) {
    log('building services and gateway…');
    run(process.execPath, [
      'infra/scripts/build-backend.mjs',
      'gateway',
      ...SERVICES.map((s) => s.dir),
    ]);
    writeFileSync(stamp, new Date().toISOString());
  }
  for (const fe of FRONTENDS) {
    const marker = path.join(root, 'dist/frontends', fe.name, fe.marker);
    if (
      Math.max(libs, newestMtime(path.join(root, fe.dir))) > mtime(marker) ||
      process.env.LOADOUT_REBUILD
    ) {
      log(`building frontend ${fe.name}…`);
      run(
        process.execPath,
        [
          path.join(root, 'node_modules/webpack-cli/bin/cli.js'),
          '-c',
          `${fe.dir}/webpack.config.js`,
          '--mode',
          'production',
        ],
        {
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
    }
  }
}

/** A random secret made on first start and kept in the data directory (never in the repo). */
function persistentSecret(dataDir, name) {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, '127.0.0.1');
  });
}

async function ensureDatabase(dataDir) {
  const { default: pg } = await import('pg');
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const { startEmbeddedPostgres } = await import('./postgres.mjs');
    const port = Number(process.env.PG_PORT ?? 54329);
    const pgDir = path.join(dataDir, 'postgres');
    mkdirSync(dataDir, { recursive: true });
    log(`starting embedded PostgreSQL in ${path.relative(root, pgDir) || pgDir} on port ${port}…`);
    embeddedPg = await startEmbeddedPostgres({ dataDir: pgDir, port, persistent: true });
    adminUrl = embeddedPg.url;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // The cluster keeps its own database: its users live in Keycloak, its events in Kafka.
    const name = cluster ? 'loadout_cluster' : 'loadout';
    const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
  return adminUrl;
}

function prefixed(name, stream, target) {
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) target.write(`[${name}] ${line}\n`);
  });
}

/** Thrown into the start-up sequence once shutdown has begun, so nothing more is started. */
class StartupAborted extends Error {}

function startProcess(name, script, env) {
  // A process that failed while others were starting has begun the shutdown: start nothing more
  // (a gateway started now would outlive the shutdown and print "ready").
  if (stopping) throw new StartupAborted(`start-up aborted before ${name}`);
  const spawnOnce = () => {
    const child = spawn(process.execPath, ['--enable-source-maps', script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixed(name, child.stdout, process.stdout);
    prefixed(name, child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const why = signal ?? `exit ${code}`;
      // Restarted with backoff; a crash loop stops everything (issue 22 item 3, ADR 0026).
      if (supervising) supervisor.crashed(name, why, spawnOnce);
      else fail(`${name} stopped unexpectedly (${why}); shutting down.`);
    });
    children.push(child);
    childNames.set(child, name);
    return child;
  };
  return spawnOnce();
}

async function waitReady(name, url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new StartupAborted(`start-up aborted while waiting for ${name}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      // A process died while this answer was on its way: the shutdown has begun, and this one
      // is being stopped too. Reporting it ready would print "ready" after "shutting down".
      if (stopping) throw new StartupAborted(`start-up aborted while waiting for ${name}`);
      if (res.ok) return;
    } catch (err) {
      if (err instanceof StartupAborted) throw err;
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not become ready within ${timeoutMs / 1000} s (${url})`);
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  supervisor.stop();
  for (const child of children) child.kill('SIGTERM');
  // A child killed by a signal has exitCode null and signalCode set: it has exited too
  // (waiting for its 'exit' again would never resolve and the launcher would exit 0).
  const running = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
  const exited = Promise.all(running().map((c) => new Promise((r) => c.once('exit', r))));
  // One that does not stop in time is killed: nothing the launcher started outlives it.
  const grace = new Promise((r) => setTimeout(r, STOP_GRACE_MS));
  await Promise.race([exited, grace]);
  const stuck = running();
  for (const child of stuck) {
    console.error(
      `[loadout] ${childNames.get(child)} did not stop within ${STOP_GRACE_MS / 1000} s; killing it`,
    );
    child.kill('SIGKILL');
  }
  await Promise.all(stuck.map((c) => new Promise((r) => c.once('exit', r))));
  await Promise.all(balancers.map((b) => b.close()));
  await clusterServices?.stop();
  if (embeddedPg) await embeddedPg.stop().catch(() => {});
  process.exit(code);
}

async function main() {
  checkNode();
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  ensureDependencies();
  ensureBuilt();

  const gatewayPort = Number(process.env.PORT ?? 8080);
  const portBase = Number(process.env.SERVICE_PORT_BASE ?? 3000);
  const replicasOf = (s) => (cluster ? (s.clusterReplicas ?? 1) : 1);
  const replicaPorts = (s) =>
    replicasOf(s) === 1
      ? [portBase + s.offset]
      : Array.from({ length: replicasOf(s) }, (_, i) => portBase + s.offset + 10 * (i + 1));
  const busy = [];
  for (const [name, port] of [
    ['gateway', gatewayPort],
    ['gateway management', Number(process.env.MANAGEMENT_PORT ?? portBase + 9)],
    ...SERVICES.map((s) => [s.name, portBase + s.offset]),
    ...SERVICES.filter((s) => replicasOf(s) > 1).flatMap((s) =>
      replicaPorts(s).map((p, i) => [`${s.name} replica ${i + 1}`, p]),
    ),
  ]) {
    if (!(await portFree(port))) busy.push(`${port} (${name})`);
  }
  if (busy.length) {
    return fail(
      `port already in use: ${busy.join(', ')}. Stop the other process, or choose ports with PORT=<gateway port> and SERVICE_PORT_BASE=<base>.`,
    );
  }

  const dataDir = path.resolve(root, process.env.LOADOUT_DATA_DIR ?? '.data');
  const databaseUrl = await ensureDatabase(dataDir);
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;
  const uploadSecret =
    process.env.UPLOAD_SIGNING_SECRET ?? persistentSecret(dataDir, 'upload-signing-secret');
  // Shared by listings (its internal reserve/release/sold routes) and orders (their caller).
  const internalToken =
    process.env.INTERNAL_API_TOKEN ?? persistentSecret(dataDir, 'internal-api-token');
  if (cluster) {
    const { startClusterServices } = await import('./cluster.mjs');
    clusterServices = await startClusterServices({ root, publicUrl, databaseUrl, log });
  }
  const identity = SERVICES.find((s) => s.name === 'identity');
  const common = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    OBJECT_STORAGE_DIR: process.env.OBJECT_STORAGE_DIR ?? path.join(dataDir, 'objects'),
    UPLOAD_SIGNING_SECRET: uploadSecret,
    INTERNAL_API_TOKEN: internalToken,
    // Orders (reserve/release/sold commands) and messaging (listing context) call listings
    // directly; listings' reservation sweep asks orders about old reservations (issue 23
    // scenario 1); admin calls every service (moderation, dead letters, the ledger): <NAME>_URL.
    ...Object.fromEntries(
      SERVICES.map((s) => [
        `${s.name.toUpperCase()}_URL`,
        `http://127.0.0.1:${portBase + s.offset}`,
      ]),
    ),
    CORS_ORIGINS: `${publicUrl},http://127.0.0.1:${gatewayPort}`,
    // Tokens come from the embedded provider; keys are read from identity directly.
    ...(identity && {
      AUTH_ISSUER: `${publicUrl}/oidc`,
      AUTH_JWKS_URL: `http://127.0.0.1:${portBase + identity.offset}/oidc/jwks`,
      // The embedded provider issues access tokens for this audience (and ID tokens for the
      // browser's client), so an ID token never passes as an access token.
      AUTH_AUDIENCE: `${publicUrl}/api`,
      // Which sessions ended: tokens of a signed-out browser are refused within 5 s (ADR 0019).
      AUTH_SESSIONS_URL: `http://127.0.0.1:${portBase + identity.offset}/internal/sessions`,
    }),
    // Embedded mode only: mail readable at /dev/mailbox (notifications + gateway routing).
    DEV_MAILBOX: 'on',
    ...clusterServices?.env,
  };
  // Services believe the client address only from the gateway's hop (loopback here); the
  // gateway trusts no proxy in front of it unless TRUSTED_PROXIES says so (ADR 0009).
  const serviceTrust = { TRUSTED_PROXIES: '127.0.0.1,::1' };
  const managementPort = Number(process.env.MANAGEMENT_PORT ?? portBase + 9);

  const upstreams = {};
  for (const service of SERVICES) {
    const env = {
      ...common,
      ...serviceTrust,
      ...service.env,
      DATABASE_URL: databaseUrl,
      PORT: String(portBase + service.offset),
    };
    for (const step of ['migrate', 'seed']) {
      run(process.execPath, [`dist/${service.dir}/src/${step}.js`], {
        env: { ...process.env, ...env },
      });
    }
    const ports = replicaPorts(service);
    ports.forEach((port, i) => {
      const name = ports.length > 1 ? `${service.name}-${i + 1}` : service.name;
      startProcess(name, `dist/${service.dir}/src/main.js`, {
        ...env,
        PORT: String(port),
        // One consumer group per service (its name); the client id tells replicas apart.
        ...(ports.length > 1 && { KAFKA_CLIENT_ID: name }),
      });
    });
    if (ports.length > 1) {
      const { startBalancer } = await import('./balancer.mjs');
      balancers.push(await startBalancer({ port: Number(env.PORT), backends: ports }));
    }
    upstreams[`UPSTREAM_${service.name.toUpperCase()}_URL`] = `http://127.0.0.1:${env.PORT}`;
  }
  await Promise.all(
    SERVICES.flatMap((s) =>
      replicaPorts(s).map((port) =>
        waitReady(s.name, `http://127.0.0.1:${port}/health/ready`, cluster ? 120_000 : 60_000),
      ),
    ),
  );

  startProcess('gateway', 'dist/gateway/src/main.js', {
    ...common,
    ...upstreams,
    PORT: String(gatewayPort),
    // Metrics and readiness: never on the public port.
    MANAGEMENT_PORT: String(managementPort),
    FRONTEND_DIST_DIR: path.join(root, 'dist/frontends'),
  });
  await waitReady('gateway', `http://127.0.0.1:${managementPort}/health/ready`);
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (cluster) {
    const replicated = SERVICES.filter((s) => replicasOf(s) > 1)
      .map((s) => `${s.name} ×${replicasOf(s)}`)
      .join(', ');
    log(`distributed mode: ${replicated}; sign-up and sign-in through Keycloak`);
    log(
      clusterServices.left.length > 0
        ? `Ctrl-C leaves running what was running before: ${clusterServices.left.join(', ')}`
        : 'Ctrl-C also stops the Kafka and Keycloak started here',
    );
  }
  supervising = true;
  log(`Loadout is running: open http://localhost:${gatewayPort}  (Ctrl-C stops everything)`);
}

main().catch((err) => {
  // The failure that began the shutdown has already been reported.
  if (err instanceof StartupAborted) return;
  fail(err instanceof Error ? err.message : String(err));
});
