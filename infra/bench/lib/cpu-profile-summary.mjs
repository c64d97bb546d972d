// Summarises V8 CPU profiles (`node --cpu-prof`) as Markdown tables: where a process spent its
// CPU, by self time (the frame that was running) and by "on the stack" time (a package or a
// file of ours anywhere in the stack: the share of a layer, callees included).
//
//   node infra/bench/lib/cpu-profile-summary.mjs <file.cpuprofile|dir> [--top 25]
//
// Idle samples ("(idle)") are left out of every percentage.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** Where a frame's code lives: a package, a file of ours (under dist/), Node itself, or V8. */
export function categoryOf(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (garbage collector), (program), (idle)
    return `(native) ${functionName}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const ours = /\/dist\/(.+)$/.exec(url);
  if (ours) return ours[1].replace(/\.js$/, '');
  return url.replace(/^file:\/\//, '');
}

/** Self and on-the-stack milliseconds per category and per function of one profile. */
export function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const stack = new Map();
  const fn = new Map();
  let busy = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    const cat = categoryOf(node.callFrame);
    if (cat === '(idle)') {
      idle += ms;
      continue;
    }
    const path = [];
    for (let id = node.id; id !== undefined; id = parent.get(id)) path.push(byId.get(id));
    // The profiler's own work (serialising the profile when it stops) is not the app's.
    if (path.some((n) => n.callFrame.url.includes('profile-preload'))) continue;
    busy += ms;
    self.set(cat, (self.get(cat) ?? 0) + ms);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${cat}:${node.callFrame.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + ms);
    const seen = new Set();
    for (const frame of path) {
      const c = categoryOf(frame.callFrame);
      if (seen.has(c)) continue;
      seen.add(c);
      stack.set(c, (stack.get(c) ?? 0) + ms);
    }
  }
  return { busy, idle, self, stack, fn };
}

function merge(summaries) {
  const out = { busy: 0, idle: 0, self: new Map(), stack: new Map(), fn: new Map() };
  for (const s of summaries) {
    out.busy += s.busy;
    out.idle += s.idle;
    for (const key of ['self', 'stack', 'fn'])
      for (const [k, v] of s[key]) out[key].set(k, (out[key].get(k) ?? 0) + v);
  }
  return out;
}

const pct = (v, total) => `${((100 * v) / total).toFixed(1)} %`;

/**
 * Markdown: self time by category, on-the-stack time by category, hottest functions; with
 * `requests`, a column of µs per request too.
 */
export function toMarkdown(title, s, top = 25, requests = 0) {
  const lines = [
    `#### ${title}`,
    '',
    `Busy ${s.busy.toFixed(0)} ms (idle ${s.idle.toFixed(0)} ms left out)` +
      (requests
        ? `, ${requests} requests: ${((s.busy * 1000) / requests).toFixed(0)} µs each.`
        : '.'),
    '',
  ];
  const table = (head, map) => {
    lines.push(
      ...(requests
        ? [`| ${head} | ms | share of busy | µs per request |`, '|---|---:|---:|---:|']
        : [`| ${head} | ms | share of busy |`, '|---|---:|---:|']),
    );
    for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      lines.push(
        `| ${k.replace(/\|/g, '\\|')} | ${v.toFixed(0)} | ${pct(v, s.busy)} |` +
          (requests ? ` ${((v * 1000) / requests).toFixed(0)} |` : ''),
      );
    lines.push('');
  };
  table('self time: where the CPU was', s.self);
  table('on the stack: layer incl. callees', s.stack);
  table('hottest functions (self)', s.fn);
  return lines.join('\n');
}

function profilesIn(target) {
  if (statSync(target).isDirectory())
    return readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f));
  return [target];
}

/** One summary of every profile in `target` (a file or a directory). */
export function summariseFiles(target) {
  return merge(profilesIn(target).map((f) => summarise(JSON.parse(readFileSync(f, 'utf8')))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '25' }, requests: { type: 'string' } },
  });
  for (const target of positionals)
    console.log(
      toMarkdown(target, summariseFiles(target), Number(values.top), Number(values.requests ?? 0)),
    );
}
