// The browse benchmarks' shared parts (bench:browse, bench:capacity): the listings service and
// the gateway started as deployed (caches on or off, from this checkout's dist/ or another's),
// and the fixed browse request mix.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../embedded/postgres.mjs';
import { root } from './bench-db.mjs';
import { waitReady } from './services.mjs';

const PRELOAD = path.join(root, 'infra/bench/lib/profile-preload.cjs');

/**
 * Starting and stopping stacks; every child goes into `children` (stopped at the end by the
 * caller). With `profileDir`, each process can be profiled (profile-preload.cjs).
 */
export function browseStacks({ children, profileDir = null }) {
  const PROFILE_DIR = profileDir;
  function start(name, script, env, dir = root) {
    const child = spawn(
      process.execPath,
      [...(PROFILE_DIR ? ['--require', PRELOAD] : []), script],
      {
        cwd: dir,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          ...(PROFILE_DIR ? { BENCH_PROFILE_DIR: PROFILE_DIR, BENCH_PROFILE_NAME: name } : {}),
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.on('exit', (code, signal) => {
      if (!child.stopping) console.error(`[bench] ${name} exited (${code ?? signal})`);
    });
    children.push(child);
    return child;
  }

  function stop(child) {
    child.stopping = true;
    child.kill('SIGTERM');
    return new Promise((r) => child.once('exit', r));
  }

  /** The listings service and the gateway in front of it, caches as given; `dir`: whose dist/. */
  async function startStack(url, { cached, dir = root, label = 'after' }) {
    const servicePort = await freePort();
    const gatewayPort = await freePort();
    const managementPort = await freePort();
    const service = start(
      `${label}-listings`,
      'dist/services/listings/src/main.js',
      {
        DATABASE_URL: url,
        PORT: String(servicePort),
        LISTINGS_CACHE_TTL_SECONDS: cached ? '60' : '0',
        OBJECT_STORAGE_DIR: path.join(root, '.data/bench-objects'),
        UPLOAD_SIGNING_SECRET: 'bench-only-signing-secret-0123456789',
      },
      dir,
    );
    await waitReady(`http://127.0.0.1:${servicePort}/health/ready`);
    const gateway = start(
      `${label}-gateway`,
      'dist/gateway/src/main.js',
      {
        PORT: String(gatewayPort),
        UPSTREAM_LISTINGS_URL: `http://127.0.0.1:${servicePort}`,
        BROWSE_CACHE_TTL_SECONDS: cached ? '10' : '0',
        RATE_LIMIT_PER_MINUTE: '100000000',
        MANAGEMENT_PORT: String(managementPort),
      },
      dir,
    );
    // Readiness answers on the management listener only (never the public port).
    await waitReady(`http://127.0.0.1:${managementPort}/health/ready`);
    return {
      base: `http://127.0.0.1:${gatewayPort}`,
      pids: [service.pid, gateway.pid],
      names: [`${label}-listings`, `${label}-gateway`],
      service,
      gateway,
    };
  }

  return { start, stop, startStack };
}

/** A fixed mix of browse requests: filters, sorts, searches and deep keyset pages. */
export async function requestMix(url, encodeCursor) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Searches: mostly selective terms (a model, a brand), some very common ones.
  const wordsWhere = async (where, limit) =>
    (
      await client.query(
        `SELECT word FROM ts_stat($$SELECT search_vector FROM listings.listings WHERE status = 'active'$$)
          WHERE length(word) > 3 AND ${where} ORDER BY md5(word) LIMIT ${limit}`,
      )
    ).rows.map((r) => r.word);
  const common = (
    await client.query(
      `SELECT word FROM ts_stat($$SELECT search_vector FROM listings.listings WHERE status = 'active'$$)
        WHERE length(word) > 3 ORDER BY ndoc DESC LIMIT 10`,
    )
  ).rows.map((r) => r.word);
  const selective = await wordsWhere('ndoc BETWEEN 2 AND 200', 30);
  const words = selective.flatMap((w, i) => (i % 3 === 2 ? [w, common[i % common.length]] : [w]));
  const active = (
    await client.query(`SELECT count(*)::int AS n FROM listings.listings WHERE status = 'active'`)
  ).rows[0].n;
  const deep = [];
  for (let i = 0; i < 40; i++) {
    const depth = Math.floor((((i * 7919) % 97) / 97) * (active - 30));
    const row = (
      await client.query(
        `SELECT published_at::text AS k, id FROM listings.listings WHERE status = 'active'
          ORDER BY published_at DESC, id DESC OFFSET $1 LIMIT 1`,
        [depth],
      )
    ).rows[0];
    deep.push(
      `/api/v1/listings?sort=newest&limit=24&cursor=${encodeCursor(['newest', row.k, row.id])}`,
    );
  }
  await client.end();

  const categories = ['aeg_rifles', 'pistols', 'optics', 'tactical_gear', 'gas_rifles'];
  const counties = ['Dublin', 'Cork', 'Galway', 'Kerry', 'Louth'];
  const paths = [];
  for (let i = 0; i < 40; i++) {
    const q = new URLSearchParams({ limit: '24' });
    if (i % 2 === 0) q.set('category', categories[i % categories.length]);
    if (i % 3 === 0) q.set('county', counties[i % counties.length]);
    if (i % 5 === 0) q.set('maxPriceCents', String(20_000 + i * 1000));
    q.set('sort', ['newest', 'price_asc', 'price_desc'][i % 3]);
    paths.push(`/api/v1/listings?${q}`);
    paths.push(`/api/v1/listings?search=${encodeURIComponent(words[i % words.length])}&limit=24`);
    paths.push(deep[i % deep.length]);
  }
  return { paths, deep, words };
}
