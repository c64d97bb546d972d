// What the service benchmarks (bench:orders, bench:messaging) share: running built scripts,
// starting services as child processes, waiting for readiness, a throwaway database, and the
// list of what to stop at the end.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../embedded/postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Started services and clean-up steps of one benchmark run. */
export function benchProcesses() {
  const children = [];
  const cleanups = [];

  /** Runs a script to completion (build, migrate, seed); throws when it fails. */
  function runNode(script, args, env) {
    const res = spawnSync(process.execPath, [script, ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    if (res.status !== 0) throw new Error(`${script} failed`);
  }

  /**
   * Starts a service in production mode; says so if it exits before the end. With
   * BENCH_PROFILE_DIR set it can be profiled (`profile-preload.cjs`: SIGWINCH starts and stops).
   */
  function start(name, script, env) {
    const profile = process.env.BENCH_PROFILE_DIR
      ? ['--require', path.join(root, 'infra/bench/lib/profile-preload.cjs')]
      : [];
    const child = spawn(process.execPath, [...profile, script], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        BENCH_PROFILE_NAME: name,
        ...env,
      },
      stdio: ['ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
    });
    child.on('exit', (code, signal) => {
      if (!child.stopping) console.error(`[bench] ${name} exited (${code ?? signal})`);
    });
    children.push(child);
    return child;
  }

  /** A throwaway `loadout_bench_<label>_<random>` database on DATABASE_URL's server (else embedded). */
  async function throwawayDatabase(label) {
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      const server = await startEmbeddedPostgres({
        dataDir: path.join(root, '.data/bench-postgres'),
        port: await freePort(),
        persistent: true,
      });
      cleanups.push(() => server.stop());
      serverUrl = server.url;
    }
    const name = `loadout_bench_${label}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.unshift(async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url;
  }

  /** Runs the benchmark, then stops the services and runs the clean-ups, and exits. */
  function run(main) {
    const shutdown = async (code) => {
      for (const c of children) {
        c.stopping = true;
        c.kill('SIGTERM');
      }
      await new Promise((r) => setTimeout(r, 500));
      for (const c of cleanups) await Promise.resolve(c()).catch(() => undefined);
      process.exit(code);
    };
    main().then(
      () => shutdown(0),
      (err) => {
        console.error(`[bench] ${err instanceof Error ? err.message : err}`);
        void shutdown(1);
      },
    );
  }

  return { cleanups, run, runNode, start, throwawayDatabase };
}

/** Resolves once `url` answers 2xx; throws after 90 s. */
export async function waitReady(url) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready within 90 s`);
}
