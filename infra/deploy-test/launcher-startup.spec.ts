// The `npm start` launcher (infra/embedded/start.mjs) when a process dies during start-up
// (issue 27, "the embedded launcher's known bug": it printed "shutting down", then "ready", and
// left the gateway running). The real launcher runs on a copy of the repository whose dist/
// holds stand-in apps (a few lines of node: they listen, answer /health/ready and record their
// pid), so each case is real processes in a second or two, without a build or a database.
import { spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './support/deploy-fixture';

/** A stand-in for dist/<app>/src/main.js, steered by STUB_* variables (see the cases). */
const STUB_MAIN = String.raw`
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const name = path.basename(path.resolve(__dirname, '..'));
const env = process.env;
fs.appendFileSync(path.join(env.STUB_DIR, name + '.pid'), process.pid + '\n');
// "exits before the others are ready": it never listens, so it is never ready, whatever the
// machine's load (a stand-in that listened first could be ready before its exit).
const exitsAtStart = env.STUB_EXIT_AT_START === name;
if (exitsAtStart) setTimeout(() => process.exit(1), 300);
// "a service exits": another process asks by SIGUSR2
process.on('SIGUSR2', () => process.exit(1));
let asked = false;
const handler = (req, res) => {
  if (name === 'gateway' && env.STUB_GATEWAY_STOPS && !asked) {
    // The first readiness probe: the named service dies while this answer is on its way.
    asked = true;
    const pids = fs.readFileSync(path.join(env.STUB_DIR, env.STUB_GATEWAY_STOPS + '.pid'), 'utf8');
    for (const pid of pids.trim().split('\n')) process.kill(Number(pid), 'SIGUSR2');
    setTimeout(() => res.end('ok'), 600); // within the launcher's 1 s probe timeout
    return;
  }
  res.end('ok');
};
const servers = (exitsAtStart ? [] : [env.PORT, name === 'gateway' ? env.MANAGEMENT_PORT : null])
  .filter(Boolean)
  .map((port) => http.createServer(handler).listen(Number(port), '127.0.0.1'));
process.on('SIGTERM', () => {
  if (env.STUB_IGNORE_TERM === name) return;
  // Like Nest's shutdown: answers in flight are finished, then the process exits.
  for (const s of servers) { s.close(); s.closeIdleConnections(); }
  Promise.all(servers.map((s) => new Promise((r) => s.on('close', r)))).then(() => process.exit(0));
});
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** A base with ports base+1 … base+40 free (services, replicas, gateway, its management). */
async function freeBase(): Promise<number> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 10_000);
    const ports = Array.from({ length: 40 }, (_, i) => base + i + 1);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return base;
  }
  throw new Error('no free block of ports');
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A copy of the launcher with stand-in apps in dist/, the way ensureBuilt finds nothing stale. */
function launcherCopy(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'loadout-launcher-'));
  roots.push(root);
  cpSync(path.join(repoRoot, 'infra/embedded'), path.join(root, 'infra/embedded'), {
    recursive: true,
  });
  const apps = [
    'gateway',
    ...readdirSync(path.join(repoRoot, 'services')).map((s) => `services/${s}`),
  ];
  for (const app of apps) {
    const dir = path.join(root, 'dist', app, 'src');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'main.js'), STUB_MAIN);
    for (const step of ['migrate', 'seed']) writeFileSync(path.join(dir, `${step}.js`), '');
  }
  mkdirSync(path.join(root, 'stub'));
  // The launcher imports pg (its database step) from the copy's node_modules.
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

interface LaunchResult {
  code: number | null;
  output: string;
  /** Every process a stand-in app started, by app. */
  pids: Map<string, number[]>;
  /** Those still running a moment after the launcher exited (killed by then: none leak). */
  left: string[];
}

async function launch(env: Record<string, string>): Promise<LaunchResult> {
  const root = launcherCopy();
  const base = await freeBase();
  const stubDir = path.join(root, 'stub');
  const child = spawn(process.execPath, [path.join(root, 'infra/embedded/start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env['PATH'] ?? '',
      LOADOUT_SKIP_INSTALL: '1',
      // Never contacted by the launcher itself (only handed to the apps).
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      LOADOUT_DATA_DIR: path.join(root, '.data'),
      PORT: String(base + 30),
      MANAGEMENT_PORT: String(base + 39),
      SERVICE_PORT_BASE: String(base),
      STUB_DIR: stubDir,
      LOADOUT_STOP_GRACE_MS: '1500',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      output += '\n[test] the launcher did not exit within 30 s\n';
      child.kill('SIGKILL');
    }, 30_000);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  const pids = new Map<string, number[]>();
  for (const file of readdirSync(stubDir)) {
    const list = readFileSync(path.join(stubDir, file), 'utf8').trim().split('\n').map(Number);
    pids.set(file.replace(/\.pid$/, ''), list);
  }
  return { code, output, pids, left: await leftRunning(pids) };
}

/** Processes still running a moment after the launcher exited (killed here, so none leak). */
async function leftRunning(pids: Map<string, number[]>): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 300));
  const left: string[] = [];
  for (const [app, list] of pids)
    for (const pid of list)
      if (alive(pid)) {
        left.push(`${app} (${pid})`);
        process.kill(pid, 'SIGKILL');
      }
  return left;
}

describe('the launcher when a process dies during start-up (issue 27)', () => {
  it('a service that exits before the others are ready: exit 1, no "ready", nothing left running', async () => {
    const res = await launch({ STUB_EXIT_AT_START: 'fields' });
    expect(res.output).toContain('fields stopped unexpectedly (exit 1); shutting down.');
    expect(res.output).not.toMatch(/ready in|Loadout is running/);
    expect(res.code).toBe(1);
    expect(res.pids.has('gateway')).toBe(false);
    expect(res.left).toEqual([]);
  }, 40_000);

  it('a service that exits while the gateway starts: exit 1, "shutting down" is not followed by "ready", the gateway is stopped', async () => {
    const res = await launch({ STUB_GATEWAY_STOPS: 'fields' });
    expect(res.output).toContain('fields stopped unexpectedly (exit 1); shutting down.');
    expect(res.pids.has('gateway')).toBe(true);
    expect(res.output).not.toMatch(/ready in|Loadout is running/);
    expect(res.code).toBe(1);
    expect(res.left).toEqual([]);
  }, 40_000);

  it('a process that ignores SIGTERM is killed after the grace period, and the launcher still exits 1', async () => {
    const res = await launch({ STUB_EXIT_AT_START: 'fields', STUB_IGNORE_TERM: 'orders' });
    expect(res.output).toContain('fields stopped unexpectedly (exit 1); shutting down.');
    expect(res.output).toMatch(/orders did not stop within 1\.5 s; killing it/);
    expect(res.code).toBe(1);
    expect(res.left).toEqual([]);
  }, 40_000);
});
