#!/usr/bin/env node
// One service calling another (issue 28): CPU per call of `InternalHttpClient` (the checkout's
// reserve call to listings, messaging's calls to identity and listings), this checkout's dist/
// against another checkout's (`--baseline`), in alternating rounds. The client and a plain
// node:http server answering a reservation run in one child process per round, so the figure is
// the client's cost plus a fixed server share: the difference between builds is the client's.
//
//   node infra/bench/orders/internal-call.mjs --baseline /path/to/checkout [--rounds 4] [--calls 10000]
//
// Builds libs into dist/ with build-backend.mjs (orders) when missing in either checkout.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from '../lib/proc-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { values: opts } = parseArgs({
  options: {
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    calls: { type: 'string', default: '10000' },
    child: { type: 'string' },
  },
});

/** In the child: the calls, 10 at a time after a warm-up; prints µs of CPU per call. */
async function child(dir) {
  const http = await import('node:http');
  const { InternalHttpClient } = await import(
    path.join(dir, 'dist/libs/http/src/internal-client.js')
  );
  const answer = '{"listingId":"lst_1","status":"reserved","changed":true}';
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(answer);
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const client = new InternalHttpClient({
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    internalToken: 'bench-internal-token',
    unavailable: () => new Error('unavailable'),
  });
  const run = async (n) => {
    for (let i = 0; i < n; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, () =>
          client.call('/internal/listings/lst_1/reserve', {
            method: 'POST',
            json: { orderId: 'ord_1', buyer: { id: 'usr_1', county: 'Dublin' } },
            internal: true,
          }),
        ),
      );
  };
  const calls = Number(opts.calls);
  await run(Math.min(2000, calls));
  const before = process.cpuUsage();
  await run(calls);
  const used = process.cpuUsage(before);
  console.log(((used.user + used.system) / calls).toFixed(1));
  server.close();
  process.exit(0);
}

if (opts.child) await child(opts.child);
if (!opts.baseline) {
  console.error('usage: internal-call.mjs --baseline <checkout with an earlier dist/>');
  process.exit(2);
}
const builds = [
  { label: 'after', dir: root },
  { label: 'before', dir: path.resolve(opts.baseline) },
];
for (const { dir } of builds) {
  if (!existsSync(path.join(dir, 'dist/libs/http/src/internal-client.js')))
    spawnSync(process.execPath, ['infra/scripts/build-backend.mjs', 'services/orders'], {
      cwd: dir,
      stdio: 'inherit',
    });
}
const figures = { after: [], before: [] };
for (let round = 0; round < Number(opts.rounds); round++) {
  // after-before, then before-after: a drifting machine weighs on both alike.
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const { label, dir } of order) {
    const res = spawnSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', dir, '--calls', opts.calls],
      { encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`${label} round failed: ${res.stderr}`);
    const us = Number(res.stdout.trim());
    figures[label].push(us);
    console.log(`[internal-call] round ${round + 1} ${label.padEnd(6)} ${us} µs CPU per call`);
  }
}
const [after, before] = [median(figures.after), median(figures.before)];
console.log(
  `\nInternal call (client + a plain server, one process), median of ${opts.rounds} rounds: ` +
    `before ${before.toFixed(1)} µs, after ${after.toFixed(1)} µs per call (${(after / before).toFixed(2)}×)`,
);
