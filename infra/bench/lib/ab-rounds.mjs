// Alternating before/after rounds of one process per build (pipeline.mjs, gateway-hop.mjs):
// CPU per request from /proc with the process's idle CPU subtracted, the two builds measured in
// turn (after-before, then before-after) so a drifting machine weighs on both alike.
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { median, totalCpuMillis } from './proc-cpu.mjs';

/**
 * The options every A/B script takes (`--baseline <dir>`, `--rounds`, `--seconds`,
 * `--connections`) plus its own; without `--baseline` prints `usage` and exits 2.
 */
export function abOptions(usage, own = {}) {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string' },
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '6' },
      connections: { type: 'string', default: '8' },
      ...own,
    },
  });
  if (!values.baseline) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return values;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * CPU a target's process burns idle (timers, relays, polling), per second. Measured after a
 * 2 s pause: right after load, V8's collector still tidies up (seen at 12 ms/s for a process
 * with no timer at all), which is not idle cost.
 */
async function idlePerSecond(target) {
  await new Promise((r) => setTimeout(r, 2000));
  const before = totalCpuMillis([target.child.pid]);
  await new Promise((r) => setTimeout(r, 4000));
  return (totalCpuMillis([target.child.pid]) - before) / 4;
}

/** One load window against `target.base + path`: CPU µs per request, idle share left out. */
async function cpuWindow(target, { path, connections, seconds, rate }) {
  const t0 = Date.now();
  const before = totalCpuMillis([target.child.pid]);
  const result = await autocannon({
    url: `${target.base}${path}`,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
  });
  if (result.non2xx + result.errors > 0) throw new Error(`failed requests on ${target.label}`);
  const idle = (target.idle ?? 0) * ((Date.now() - t0) / 1000);
  const cpu = totalCpuMillis([target.child.pid]) - before - idle;
  return { us: (cpu * 1000) / result.requests.total, requests: result.requests.total };
}

/**
 * Warms both targets up, measures their idle CPU, then `rounds` alternating windows; logs each
 * and the summary (`what`: the figure's name). `targets`: `[{ label: 'after' | 'before',
 * child, base }]`. `warmupSeconds`: each target's unmeasured load first (default 4).
 */
export async function abRounds(
  targets,
  { what, path, connections, seconds, rounds, rate, log, warmupSeconds = 4 },
) {
  const load = { path, connections, rate };
  for (const t of targets) await cpuWindow(t, { ...load, seconds: warmupSeconds }); // warm-up
  for (const t of targets) t.idle = await idlePerSecond(t);
  log(
    `idle CPU (subtracted): ${targets.map((t) => `${t.label} ${t.idle.toFixed(1)} ms/s`).join(', ')}`,
  );
  const runs = { after: [], before: [] };
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? targets : [...targets].reverse();
    for (const t of order) {
      const r = await cpuWindow(t, { ...load, seconds });
      runs[t.label].push(r.us);
      log(
        `round ${round} ${t.label.padEnd(6)} ${r.us.toFixed(0)} µs CPU/request over ${r.requests} requests — load ${loadAverage()}`,
      );
    }
  }
  const ratios = runs.after.map((a, i) => a / runs.before[i]);
  log(
    `${what}: after ${median(runs.after).toFixed(0)} µs, before ${median(runs.before).toFixed(0)} µs; ` +
      `after/before per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, median ${median(ratios).toFixed(2)}×`,
  );
  return { runs, ratios };
}
