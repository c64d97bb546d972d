#!/usr/bin/env node
// `npm run bench:web:tasks` (issue 12): what runs in a page's long tasks. Loads one page in
// Chromium with the CPU slowed (4× by default, as Lighthouse's mobile preset), records a trace
// with the V8 CPU profiler, and prints every main-thread task of 50 ms or more: when it started,
// its blocking time after the first contentful paint, the trace events inside it (script
// evaluation, layout…) and the functions the profiler sampled most, mapped through the scripts'
// source maps to files and lines. A diagnostic for TBT work, not a benchmark: the figures are one
// observed load, not Lighthouse's simulation.
//
//   npm run bench:web:tasks -- --url http://localhost:3000/fields
//   npm run bench:web:tasks -- --url http://localhost:3000/ --cpu 4 --top 8
//
// The page loads as in `npm run bench:web`, for a first-time visitor (the age gate shows).
// CHROME_PATH (default /usr/bin/chromium) is the browser.
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createSourceMapper } from './source-maps.mjs';

const original = createSourceMapper();

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string' },
    cpu: { type: 'string', default: '4' },
    top: { type: 'string', default: '8' },
  },
});
const url = opts.url;
if (!url) {
  console.error('usage: npm run bench:web:tasks -- --url <page URL> [--cpu 4] [--top 8]');
  process.exit(2);
}
const CPU = Number(opts.cpu);
const TOP = Number(opts.top);
const LONG_MS = 50;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// --- one load, traced.
const browser = await chromium.launch({
  executablePath: CHROME,
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
await browser.startTracing(page, {
  categories: [
    'toplevel',
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8.execute',
    'disabled-by-default-v8.cpu_profiler',
    'loading',
  ],
});
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(5000);
const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
await browser.close();

// The page's main thread: the one that evaluated the most scripts.
const perThread = new Map();
for (const e of traceEvents) {
  if (e.name === 'EvaluateScript')
    perThread.set(`${e.pid}:${e.tid}`, (perThread.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
}
const [mainThread] = [...perThread.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
if (!mainThread) {
  console.error('No script ran on the page: nothing to show.');
  process.exit(1);
}
const [pid, tid] = mainThread.split(':').map(Number);
const onMain = traceEvents.filter((e) => e.pid === pid && e.tid === tid);
const navigation =
  traceEvents.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  )?.ts ??
  onMain.find((e) => e.name === 'ParseHTML')?.ts ??
  onMain[0].ts;
const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint')?.ts ?? null;
const ms = (us) => Math.round(us / 1000);

// CPU profile samples: [timestamp, node id], and the call tree's nodes.
const nodes = new Map();
const samples = [];
let clock = 0;
for (const e of traceEvents) {
  if (e.pid !== pid) continue;
  if (e.name === 'Profile') clock = e.args.data.startTime;
  if (e.name !== 'ProfileChunk') continue;
  const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
  for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
  (cpuProfile.samples ?? []).forEach((id, i) => {
    clock += timeDeltas[i] ?? 0;
    samples.push([clock, id]);
  });
}
const frameKey = (frame) =>
  `${frame.url ?? ''}\u0000${frame.lineNumber}\u0000${frame.columnNumber}\u0000${frame.functionName}`;
/** The script frames of the call tree, by key. */
const frames = new Map();
for (const node of nodes.values()) {
  if (node.callFrame.url) frames.set(frameKey(node.callFrame), node.callFrame);
}
async function describe(frame) {
  const where = frame.url ? await original(frame.url, frame.lineNumber, frame.columnNumber) : null;
  const short = (frame.url ?? '').replace(/^https?:\/\/[^/]+/, '');
  return (
    where ??
    `${frame.functionName || '(anonymous)'} ${short}${short ? `:${frame.lineNumber + 1}:${frame.columnNumber}` : ''}`
  );
}

const INSIDE = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'Layout',
  'UpdateLayoutTree',
  'ParseHTML',
  'Paint',
  'v8.compile',
  'FireAnimationFrame',
]);
const tasks = onMain.filter(
  (e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.dur >= LONG_MS * 1000,
);
let blocking = 0;
console.log(
  `${url}: CPU ${CPU}× slower, first contentful paint at ${fcp ? `${ms(fcp - navigation)} ms` : '(none)'}`,
);
for (const task of tasks) {
  const end = task.ts + task.dur;
  const afterFcp = fcp === null ? 0 : Math.max(0, ms(end - Math.max(task.ts, fcp)) - LONG_MS);
  blocking += afterFcp;
  console.log(
    `\ntask at ${ms(task.ts - navigation)} ms, ${ms(task.dur)} ms long, blocking after FCP ${afterFcp} ms`,
  );
  const events = new Map();
  for (const e of onMain) {
    if (e.ph !== 'X' || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || !INSIDE.has(e.name))
      continue;
    const key = `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(/^https?:\/\/[^/]+/, '')}` : ''}`;
    events.set(key, (events.get(key) ?? 0) + e.dur);
  }
  for (const [key, dur] of [...events].sort((a, b) => b[1] - a[1]).slice(0, 4)) {
    console.log(`  ${String(ms(dur)).padStart(5)} ms  ${key}`);
  }
  // Self time (the sampled function) and total time (anywhere on the stack) per function.
  const self = new Map();
  const total = new Map();
  let count = 0;
  for (const [ts, id] of samples) {
    if (ts < task.ts || ts > end) continue;
    count += 1;
    const seen = new Set();
    for (
      let node = nodes.get(id), first = true;
      node;
      node = nodes.get(node.parent), first = false
    ) {
      const frame = node.callFrame;
      if (!frame.url) {
        // Native and V8's own entries: "(program)", "(garbage collector)", "(fetch)"…
        const name = frame.functionName.startsWith('(')
          ? frame.functionName
          : `(${frame.functionName || 'native'})`;
        if (first) self.set(name, (self.get(name) ?? 0) + 1);
        continue;
      }
      const key = frameKey(frame);
      if (first) self.set(key, (self.get(key) ?? 0) + 1);
      if (!seen.has(key)) {
        seen.add(key);
        total.set(key, (total.get(key) ?? 0) + 1);
      }
    }
  }
  if (count === 0) continue;
  const show = async (label, table, keep = () => true) => {
    let shown = 0;
    for (const [key, n] of [...table].sort((a, b) => b[1] - a[1])) {
      if (shown >= TOP) break;
      const name = frames.has(key) ? await describe(frames.get(key)) : key;
      if (!keep(name)) continue;
      shown += 1;
      console.log(`  ${label} ${String(Math.round((100 * n) / count)).padStart(3)} %  ${name}`);
    }
  };
  await show('self', self);
  // Our own code anywhere on the stack: which component or module the task was spent under.
  await show(
    'ours',
    total,
    (name) => !name.includes('node_modules/') && !/^\(|webpack\//.test(name),
  );
}
console.log(`\nobserved blocking time after FCP: ${blocking} ms in ${tasks.length} long tasks`);
