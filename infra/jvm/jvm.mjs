// Shared plumbing for the JVM servers of the distributed mode (Kafka, Keycloak): fetch by
// Maven coordinates into a cache outside the repository, pick a JDK new enough, start a
// server as a detached process with a pid file and a log, wait until it answers, stop it.
// Node built-ins only, so `npm run kafka:start` works before anything else is built.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pom = path.join(root, 'infra/jvm/pom.xml');

/** Downloads and unpacked servers live here, never in the repository. */
export const cacheDir = () =>
  path.resolve(process.env.LOADOUT_CACHE_DIR ?? path.join(os.homedir(), '.cache/loadout'));

/** Pid file, log and data of one running server (per name and port). */
export function runDir(name, port) {
  const dir = path.join(cacheDir(), 'run', `${name}-${port}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export const say = (name, msg) => console.log(`[${name}] ${msg}`);

/** Runs infra/jvm/pom.xml with a profile; throws with Maven's own output when it fails. */
export function mavenFetch(profile, properties) {
  if (spawnSync('mvn', ['-v'], { stdio: 'ignore' }).status !== 0)
    throw new Error(
      'Maven (mvn) is not installed: it fetches Kafka and Keycloak from Maven Central.',
    );
  const args = [
    '-B',
    '-q',
    '-f',
    pom,
    `-P${profile}`,
    `-Dloadout.cache=${cacheDir()}`,
    ...Object.entries(properties).map(([k, v]) => `-D${k}=${v}`),
    'validate',
  ];
  const res = spawnSync('mvn', args, { encoding: 'utf8' });
  if (res.status !== 0) {
    throw new Error(
      `mvn ${args.join(' ')} failed (exit ${res.status}):\n${(res.stdout + res.stderr).trim()}`,
    );
  }
}

function jdkMajor(home) {
  try {
    const release = readFileSync(path.join(home, 'release'), 'utf8');
    const version = /JAVA_VERSION="([^"]+)"/.exec(release)?.[1];
    if (!version) return 0;
    const [first, second] = version.split('.').map(Number);
    return first === 1 ? second : first;
  } catch {
    return 0;
  }
}

/**
 * A JDK home whose major version is at least `min`: JAVA_HOME, then the `java` on PATH, then
 * the newest under /usr/lib/jvm. Throws naming what was found when none fits.
 */
export function findJdk(min) {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(process.env.JAVA_HOME);
  const which = spawnSync('sh', ['-c', 'command -v java'], { encoding: 'utf8' }).stdout.trim();
  if (which) candidates.push(path.resolve(realpathSync(which), '../..'));
  const jvmRoot = '/usr/lib/jvm';
  if (existsSync(jvmRoot)) {
    const homes = readdirSync(jvmRoot)
      .map((d) => path.join(jvmRoot, d))
      .filter((d) => existsSync(path.join(d, 'bin/java')))
      .sort((a, b) => jdkMajor(b) - jdkMajor(a));
    candidates.push(...homes);
  }
  const found = candidates.map((home) => ({ home, major: jdkMajor(home) }));
  const fit = found.find((c) => c.major >= min);
  if (!fit) {
    const seen = found.map((c) => `${c.home} (${c.major || '?'})`).join(', ') || 'none';
    throw new Error(`needs Java ${min} or newer; found ${seen}. Set JAVA_HOME to a newer JDK.`);
  }
  return fit;
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function readPid(pidFile) {
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts `cmd` in its own process group, detached from this one, output to `logFile`. */
export function startDetached({ cmd, args, env, cwd, logFile, pidFile }) {
  const fd = openSync(logFile, 'a');
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  return child.pid;
}

export function logTail(logFile, lines = 30) {
  if (!existsSync(logFile)) return '';
  return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
}

/** Polls `check` until it resolves true; fails early when the process has died. */
export async function waitUntil(name, check, { pid, timeoutMs, logFile }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (pid && !isAlive(pid))
      throw new Error(
        `${name} exited during start-up. Last lines of ${logFile}:\n${logTail(logFile)}`,
      );
    try {
      if (await check()) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline)
      throw new Error(
        `${name} did not become healthy within ${timeoutMs / 1000} s. Last lines of ${logFile}:\n${logTail(logFile)}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Stops the process group of the pid in `pidFile`: SIGTERM (a clean shutdown: Kafka flushes
 * its log, Keycloak closes its database), SIGKILL after `timeoutMs`.
 */
export async function stopByPidFile(name, pidFile, timeoutMs = 30_000) {
  const pid = readPid(pidFile);
  if (!pid) {
    rmSync(pidFile, { force: true });
    return false;
  }
  const signal = (sig) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        // already gone
      }
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  if (isAlive(pid)) {
    say(name, `did not stop within ${timeoutMs / 1000} s; killing it`);
    signal('SIGKILL');
  }
  rmSync(pidFile, { force: true });
  return true;
}

/** Runs a CLI entry (`start`, `stop`, …) and exits non-zero with the message on failure. */
export function runCli(name, commands) {
  const [command = 'start'] = process.argv.slice(2);
  const run = commands[command];
  if (!run) {
    console.error(`usage: ${Object.keys(commands).join('|')}`);
    process.exit(2);
  }
  run().then(
    () => process.exit(0),
    (err) => {
      console.error(`[${name}] ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}

/** Stops the server `name` run from runDir(name, port) and says whether it was running. */
export async function stopServer(name, port) {
  const stopped = await stopByPidFile(name, path.join(runDir(name, port), 'pid'));
  say(name, stopped ? `stopped (port ${port})` : `not running on port ${port}`);
}

/**
 * The `start|stop|fetch|status` command line of a server script. `port()` is the server's
 * port, `where(port)` how `status` names a running one.
 */
export function runServerCli(name, { port, start, fetch, where }) {
  runCli(name, {
    start,
    stop: () => stopServer(name, port()),
    fetch,
    status: async () => {
      const pid = readPid(path.join(runDir(name, port()), 'pid'));
      say(name, pid ? `running (pid ${pid}) ${where(port())}` : 'not running');
    },
  });
}
