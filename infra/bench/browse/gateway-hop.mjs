#!/usr/bin/env node
// The gateway hop alone (issue 28): CPU per proxied request of the gateway in front of a stub
// upstream that answers a fixed browse page at once (no service, no SQL), this checkout's dist/
// against another checkout's (`--baseline`), in alternating rounds. Thousands of requests per
// window, so a change of the gateway's own path shows even where bench:browse's rounds swing.
// Caches off, rate limit on (counted, never reached), no token: as bench:browse's uncached mix.
//
//   node infra/bench/browse/gateway-hop.mjs --baseline /path/to/checkout [--rounds 5] [--seconds 6]
//        [--rate 150]   (requests per second in all: bench:browse's uncached rate is 100–200)
//        [--warmup 15]  (seconds of unmeasured load per target first)
//
// `--baseline bare`: the "before" side is bare-proxy.mjs (node:http + undici, nothing else), so
// the ratio says how much of the hop is the gateway's own code and how much forwarding itself.
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../../embedded/postgres.mjs';
import { build, root } from '../lib/bench-db.mjs';
import { abOptions, abRounds } from '../lib/ab-rounds.mjs';
import { browseStacks } from '../lib/browse-stack.mjs';
import { waitReady } from '../lib/services.mjs';

const opts = abOptions('gateway-hop.mjs --baseline <checkout with an earlier dist/ | bare>', {
  // Requests per second in all (autocannon's overallRate); unset = as fast as it answers.
  rate: { type: 'string' },
  // Unmeasured load per target first: V8 is still compiling the hot path after 4 s.
  warmup: { type: 'string', default: '15' },
});
const log = (msg) => console.log(`[gateway-hop] ${msg}`);

// A browse page of 24 summaries (about 9 KB), answered as the listings service answers it.
const page = Buffer.from(
  JSON.stringify({
    items: Array.from({ length: 24 }, (_, i) => ({
      id: `lst_${String(i).padStart(17, '0')}`,
      title: `Tokyo Marui Hi-Capa 5.1 number ${i}`,
      priceCents: 12_000 + i,
      category: 'pistols',
      condition: 'used_good',
      county: 'Dublin',
      status: 'active',
      joules: 0.98,
      shipping: { postageCents: 800, collection: true },
      thumbUrl: `/images/lst_${i}/400.webp`,
      favoriteCount: i,
      sellerId: 'seller-0000000000000001',
      publishedAt: '2026-11-27T12:00:00.000Z',
      createdAt: '2026-11-27T12:00:00.000Z',
      updatedAt: '2026-11-27T12:00:00.000Z',
    })),
    nextCursor: 'eyJrIjoiMjAyNi0xMS0yN1QxMjowMDowMC4wMDBaIiwiaWQiOiJsc3RfMSJ9',
    total: 95_039,
  }),
);

function stubUpstream(port) {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': page.length,
      'x-request-id': String(req.headers['x-request-id'] ?? ''),
    });
    res.end(page);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const children = [];
const { start, stop } = browseStacks({ children });

async function gateway(upstream, dir, label) {
  const port = await freePort();
  const managementPort = await freePort();
  const child = start(
    `${label}-gateway`,
    'dist/gateway/src/main.js',
    {
      PORT: String(port),
      UPSTREAM_LISTINGS_URL: upstream,
      BROWSE_CACHE_TTL_SECONDS: '0',
      RATE_LIMIT_PER_MINUTE: '100000000',
      MANAGEMENT_PORT: String(managementPort),
    },
    dir,
  );
  await waitReady(`http://127.0.0.1:${managementPort}/health/ready`);
  return { label, child, base: `http://127.0.0.1:${port}` };
}

async function bareProxy(upstream) {
  const port = await freePort();
  const child = start('bare-proxy', 'infra/bench/browse/bare-proxy.mjs', {
    PORT: String(port),
    UPSTREAM: upstream,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/api/v1/listings`);
  return { label: 'before', child, base };
}

async function main() {
  build();
  const upstreamPort = await freePort();
  const upstream = await stubUpstream(upstreamPort);
  const url = `http://127.0.0.1:${upstreamPort}`;
  const targets = [
    await gateway(url, root, 'after'),
    opts.baseline === 'bare'
      ? await bareProxy(url)
      : await gateway(url, path.resolve(opts.baseline), 'before'),
  ];
  if (opts.baseline === 'bare') log('before = bare-proxy.mjs (node:http + undici only)');
  await abRounds(targets, {
    what: 'gateway hop',
    path: '/api/v1/listings?category=pistols&sort=newest',
    connections: Number(opts.connections),
    seconds: Number(opts.seconds),
    rounds: Number(opts.rounds),
    rate: opts.rate ? Number(opts.rate) : undefined,
    warmupSeconds: Number(opts.warmup),
    log,
  });
  for (const t of targets) await stop(t.child);
  upstream.close();
}

main().catch(async (err) => {
  console.error(err);
  for (const c of children) c.kill('SIGTERM');
  process.exit(1);
});
