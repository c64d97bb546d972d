#!/usr/bin/env node
// Messaging benchmark (issue 11): N WebSocket clients connected to the gateway's /ws, messages
// sent at a fixed rate through the gateway's HTTP API between pairs of them; measures how long
// each message takes from the start of its POST until its receiver's socket has it.
//
//   node infra/bench/messaging/run.mjs [--sockets 500] [--rate 50] [--seconds 30] [--dist DIR]
//        [--via socket|http]
//
// `--via socket` (the default) sends each message over the sender's open socket, as the web
// app does (ADR 0059); `--via http` posts it through the gateway (POST …/messages, the API's
// path and the web app's fallback while its socket is not open).
//
// `--dist DIR` runs another build (a copy of an earlier `dist/`, e.g. `.data/base/dist`) instead
// of `dist/`: run the two alternately on a loaded machine to compare before and after.
//
// Prints: delivery latency p50/p95/p99/max, messages lost, and CPU milliseconds per message of
// the gateway and the messaging service (utime + stime from /proc, lib/proc-cpu.mjs) while
// sending. Target: p95 ≤ 100 ms on the 2-core machine.
//
// Fan-out goes through Redis pub/sub when REDIS_URL is set (as in compose/Kubernetes), in
// process otherwise. Database: a throwaway `loadout_bench_messaging_<n>` on DATABASE_URL's
// server (dropped at the end), else an embedded PostgreSQL in .data/bench-postgres. Builds the
// gateway and messaging into dist/ first when missing (BENCH_REBUILD=1 forces it).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../../embedded/postgres.mjs';
import { hostSpeed } from '../lib/host-speed.mjs';
import { benchProcesses, waitReady } from '../lib/services.mjs';
import { cpuMillis, cpuTimes, machineBusyMillis, percentile } from '../lib/proc-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const { WebSocket } = require('ws');
const { values: opts } = parseArgs({
  options: {
    sockets: { type: 'string', default: '500' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    dist: { type: 'string' },
    via: { type: 'string', default: 'socket' },
  },
});
if (!['socket', 'http'].includes(opts.via)) throw new Error('--via must be socket or http');
const SOCKETS = Math.max(2, Number(opts.sockets));
const RATE = Number(opts.rate);
const SECONDS = Number(opts.seconds);
const GRACE_MS = 5000;
const IDLE_MS = 5000;
const DIST = opts.dist ? path.resolve(opts.dist) : path.join(root, 'dist');

const log = (msg) => console.log(`[bench] ${msg}`);
const { cleanups, run, runNode, start, throwawayDatabase } = benchProcesses();
const database = async () => (await throwawayDatabase('messaging')).toString();

/** Opens a socket to the gateway and authenticates it; resolves once the server says ready. */
function connect(wsUrl, token, onEvent) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    const timer = setTimeout(() => reject(new Error('socket not ready within 30 s')), 30_000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      if (msg.type === 'ready') {
        clearTimeout(timer);
        resolve(ws);
      } else if (msg.type === 'error') {
        clearTimeout(timer);
        reject(new Error(`${msg.code}: ${msg.message}`));
      } else onEvent(msg);
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

async function main() {
  // Before anything starts: the host's own speed, printed with the figures.
  const host = await hostSpeed();
  if (
    !opts.dist &&
    (!['gateway', 'services/messaging'].every((p) =>
      existsSync(path.join(DIST, p, 'src/main.js')),
    ) ||
      process.env.BENCH_REBUILD)
  ) {
    log('building gateway and messaging…');
    runNode('infra/scripts/build-backend.mjs', ['gateway', 'services/messaging']);
  }
  const dbUrl = await database();
  const common = {
    DATABASE_URL: dbUrl,
    UPLOAD_SIGNING_SECRET: 'bench-only-signing-secret-0123456789',
    OBJECT_STORAGE_DIR: path.join(root, '.data/bench-objects'),
  };
  runNode(path.join(DIST, 'services/messaging/src/migrate.js'), [], common);

  const { startTestIssuer } = require(path.join(DIST, 'libs/auth/src/testing.js'));
  const issuer = await startTestIssuer();
  cleanups.unshift(() => issuer.close());

  const [messagingPort, gatewayPort, managementPort, identityPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // Identity's GET /internal/users/{id} (a recipient must be an active user): every bench user is.
  const identity = createServer((req, res) => {
    const id = /^\/internal\/users\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    res.setHeader('content-type', 'application/json');
    res.statusCode = id ? 200 : 404;
    res.end(
      JSON.stringify(
        id ? { id: decodeURIComponent(id), active: true } : { code: 'IDENTITY.USER_NOT_FOUND' },
      ),
    );
  });
  await new Promise((resolve) => identity.listen(identityPort, '127.0.0.1', resolve));
  cleanups.unshift(() => new Promise((resolve) => identity.close(resolve)));
  const messaging = start('messaging', path.join(DIST, 'services/messaging/src/main.js'), {
    ...common,
    PORT: String(messagingPort),
    AUTH_ISSUER: issuer.issuer,
    AUTH_AUDIENCE: issuer.audience,
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    DB_POOL_SIZE: '20',
  });
  await waitReady(`http://127.0.0.1:${messagingPort}/health/ready`);
  const gateway = start('gateway', path.join(DIST, 'gateway/src/main.js'), {
    PORT: String(gatewayPort),
    // The gateway serves /health only on its management listener.
    MANAGEMENT_PORT: String(managementPort),
    AUTH_ISSUER: issuer.issuer,
    AUTH_AUDIENCE: issuer.audience,
    UPSTREAM_MESSAGING_URL: `http://127.0.0.1:${messagingPort}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  await waitReady(`http://127.0.0.1:${managementPort}/health/ready`);
  const api = `http://127.0.0.1:${gatewayPort}/api/v1`;
  const wsUrl = `ws://127.0.0.1:${gatewayPort}/ws`;

  // Users in pairs (2k, 2k+1), one conversation per pair.
  const users = await Promise.all(
    Array.from({ length: SOCKETS }, async (_, i) => {
      // 21 characters of the id alphabet, like the embedded provider's subjects.
      const id = `b${String(i).padStart(6, '0')}${randomBytes(7).toString('hex')}`;
      return { id, token: await issuer.sign({ sub: id, name: `Bench ${i}` }, { expiresIn: '1h' }) };
    }),
  );
  const pending = new Map(); // "seq" → { sentAt, receiver }
  const answers = new Map(); // ref → settles the send over a socket with its answer
  const latencies = [];
  let unexpected = 0;
  const onEvent = (receiverIndex) => (msg) => {
    if ((msg.type === 'sent' || msg.type === 'error') && answers.has(msg.ref)) {
      answers.get(msg.ref)(msg);
      answers.delete(msg.ref);
      return;
    }
    if (msg.type !== 'message.created') return;
    const seq = /^bench #(\d+)$/.exec(msg.message?.content ?? '')?.[1];
    const p = seq !== undefined ? pending.get(seq) : undefined;
    // The sender's own socket also gets its message (other devices); only the receiver counts.
    if (!p) return;
    if (p.receiver !== receiverIndex) {
      if (msg.message?.senderId !== users[receiverIndex]?.id) unexpected++;
      return;
    }
    latencies.push(performance.now() - p.sentAt);
    pending.delete(seq);
  };

  log(
    `connecting ${SOCKETS} sockets through the gateway (${process.env.REDIS_URL ? 'Redis' : 'in-process'} fan-out)…`,
  );
  const sockets = [];
  for (let i = 0; i < SOCKETS; i += 50) {
    sockets.push(
      ...(await Promise.all(
        users.slice(i, i + 50).map((u, j) => connect(wsUrl, u.token, onEvent(i + j))),
      )),
    );
  }
  cleanups.unshift(() => sockets.forEach((s) => s.terminate()));

  const call = (path, token, body) =>
    fetch(`${api}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const pairs = [];
  for (let i = 0; i + 1 < SOCKETS; i += 2) pairs.push([i, i + 1]);
  log(`starting ${pairs.length} conversations…`);
  const conversations = [];
  for (let i = 0; i < pairs.length; i += 25) {
    conversations.push(
      ...(await Promise.all(
        pairs.slice(i, i + 25).map(async ([a, b]) => {
          const res = await call('conversations', users[a].token, { recipientId: users[b].id });
          if (!res.ok) throw new Error(`start conversation: ${res.status} ${await res.text()}`);
          return { id: (await res.json()).id, a, b };
        }),
      )),
    );
  }

  // What the two processes spend with the sockets open and nothing sent (heartbeats, the
  // outbox relay, timers): printed apart, so a low rate's CPU per message can be read as the
  // cost of each message plus this fixed share spread over the messages.
  log(`measuring idle CPU with ${SOCKETS} sockets open for ${IDLE_MS / 1000} s…`);
  const idle0 = {
    gateway: cpuMillis(gateway.pid),
    messaging: cpuMillis(messaging.pid),
    t: performance.now(),
  };
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleSeconds = (performance.now() - idle0.t) / 1000;
  const idle = {
    gateway: (cpuMillis(gateway.pid) - idle0.gateway) / idleSeconds,
    messaging: (cpuMillis(messaging.pid) - idle0.messaging) / idleSeconds,
  };

  const total = Math.round(RATE * SECONDS);
  log(`sending ${total} messages at ${RATE}/s for ${SECONDS} s…`);
  // BENCH_PROFILE_DIR: a V8 profile of each process over the sending window (CPU figures of
  // such a run include the profiler's own cost).
  const profiling = () => {
    if (process.env.BENCH_PROFILE_DIR)
      for (const child of [gateway, messaging]) process.kill(child.pid, 'SIGWINCH');
  };
  profiling();
  // Each process's user and system time, read once per snapshot.
  const times = () => ({ gateway: cpuTimes(gateway.pid), messaging: cpuTimes(messaging.pid) });
  const times0 = times();
  const machine0 = machineBusyMillis();
  const started = performance.now();
  const failures = [];
  const inflight = [];
  for (let seq = 0; seq < total; seq++) {
    const due = started + (seq * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const c = conversations[seq % conversations.length];
    const forward = Math.floor(seq / conversations.length) % 2 === 0;
    const [from, to] = forward ? [c.a, c.b] : [c.b, c.a];
    pending.set(String(seq), { sentAt: performance.now(), receiver: to });
    if (opts.via === 'socket') {
      const ref = `b${seq}`;
      inflight.push(
        new Promise((resolve) => {
          answers.set(ref, (answer) => {
            if (answer.type !== 'sent') failures.push(`${answer.code}: ${answer.message}`);
            resolve();
          });
          sockets[from].send(
            JSON.stringify({ type: 'send', ref, conversationId: c.id, content: `bench #${seq}` }),
          );
        }),
      );
    } else {
      inflight.push(
        call(`conversations/${c.id}/messages`, users[from].token, {
          content: `bench #${seq}`,
        }).then(
          async (res) => {
            if (!res.ok) failures.push(`${res.status} ${await res.text()}`);
            else await res.arrayBuffer();
          },
          (err) => failures.push(String(err)),
        ),
      );
    }
  }
  await Promise.all(inflight);
  const sendWindow = performance.now() - started;
  const graceUntil = performance.now() + GRACE_MS;
  while (pending.size > 0 && performance.now() < graceUntil) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const times1 = times();
  const machine = machineBusyMillis() - machine0;
  const [cpu, kernel] = [{}, {}];
  for (const name of ['gateway', 'messaging']) {
    const [a, b] = [times0[name], times1[name]];
    cpu[name] = b.user + b.system - (a.user + a.system);
    kernel[name] = b.system - a.system;
  }
  const cpuWindowSeconds = (performance.now() - started) / 1000;
  profiling();
  if (process.env.BENCH_PROFILE_DIR) await new Promise((r) => setTimeout(r, 3000));

  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (v) => `${v.toFixed(1)} ms`;
  const delivered = latencies.length;
  console.log('');
  // Latency is only meaningful on a quiet machine; CPU per message holds under load too.
  const load = os.loadavg()[0];
  console.log(
    `Messaging benchmark (load average ${load.toFixed(2)} on ${os.cpus().length} cores${load > os.cpus().length ? ': loaded, compare CPU, not latency' : ''})`,
  );
  console.log(
    `  sockets ${SOCKETS}, conversations ${conversations.length}, ${RATE} messages/s for ${SECONDS} s (sent in ${(sendWindow / 1000).toFixed(1)} s)`,
  );
  console.log(`  build: ${path.relative(root, DIST) || DIST}`);
  console.log(`  ${host.line}`);
  console.log(`  fan-out: ${process.env.REDIS_URL ? 'Redis pub/sub' : 'in-process'}`);
  console.log(
    `  sent ${opts.via === 'socket' ? "over the sender's socket (the web app's path)" : 'over HTTP through the gateway (POST …/messages)'}`,
  );
  console.log(
    `  delivered ${delivered}/${total} (never delivered: ${total - delivered}); failed sends ${failures.length}${failures.length ? ` (e.g. ${failures[0].slice(0, 120)}; a gateway timeout can answer 503 while messaging still stores and delivers the message)` : ''}`,
  );
  console.log(
    `  delivery latency (send start → receiver's socket): p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}; target p95 ≤ 100 ms`,
  );
  console.log(
    `  server CPU per message: gateway ${(cpu.gateway / total).toFixed(2)} ms, messaging ${(cpu.messaging / total).toFixed(2)} ms, total ${((cpu.gateway + cpu.messaging) / total).toFixed(2)} ms`,
  );
  // System time: the kernel's share (socket reads and writes, waking the process at the other
  // end of a loopback connection, epoll), which fewer round trips and fewer writes reduce.
  console.log(
    `  of which in the kernel (system time): gateway ${(kernel.gateway / total).toFixed(2)} ms, messaging ${(kernel.messaging / total).toFixed(2)} ms`,
  );
  // Everything the machine did meanwhile: PostgreSQL and Redis too (the send's statements),
  // and this bench's own 500 clients (the same work for every build): compare builds with it.
  console.log(
    `  whole machine (every process and the kernel, this bench's clients included): ${(machine / total).toFixed(2)} ms CPU per message`,
  );
  const idleShare = (name) => (idle[name] * cpuWindowSeconds) / total;
  const net = (name) => Math.max(0, cpu[name] / total - idleShare(name));
  console.log(
    `  idle CPU with the sockets open (not sending): gateway ${idle.gateway.toFixed(1)} ms/s, messaging ${idle.messaging.toFixed(1)} ms/s; of the CPU per message above, ${(idleShare('gateway') + idleShare('messaging')).toFixed(2)} ms is that idle share (${cpuWindowSeconds.toFixed(1)} s measured)`,
  );
  console.log(
    `  server CPU per message less the idle share (info): gateway ${net('gateway').toFixed(2)} ms, messaging ${net('messaging').toFixed(2)} ms, total ${(net('gateway') + net('messaging')).toFixed(2)} ms`,
  );
  if (unexpected) console.log(`  unexpected frames: ${unexpected}`);
}

run(main);
