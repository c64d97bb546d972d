#!/usr/bin/env node
// Commits per second of outbox-writing transactions (issue 28): every commit sending NOTIFY
// (the writer before issue 28) against the writer that notifies only a sleeping relay,
// alternating rounds on one throwaway database, with the relay shipping the rows as deployed.
//
//   npm run bench:outbox -- [--clients 32] [--rounds 3] [--seconds 8]
//
// Each client runs: BEGIN; UPDATE its own row; append one outbox event; COMMIT. Prints commits/s
// per mode, the most sessions seen waiting at once on PostgreSQL's notification-queue lock
// (wait event `object`, a lock on the database's notify queue taken at COMMIT), and the load.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchProcesses } from '../lib/services.mjs';
import { median } from '../lib/proc-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const { values: opts } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
  },
});
const CLIENTS = Number(opts.clients);
const ROUNDS = Number(opts.rounds);
const SECONDS = Number(opts.seconds);
const SCHEMA = 'bench_outbox';
const log = (msg) => console.log(`[bench] ${msg}`);
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

const { cleanups, run, runNode, throwawayDatabase } = benchProcesses();

run(async () => {
  runNode('infra/scripts/build-backend.mjs', ['services/fields']);
  const events = require(path.join(root, 'dist/libs/events/src/index.js'));
  const url = (await throwawayDatabase('outbox')).toString();
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS + 2 });
  cleanups.unshift(() => pool.end());
  await events.createEventTables(pool, SCHEMA);
  await pool.query(`CREATE TABLE ${SCHEMA}.items (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)`);
  await pool.query(`INSERT INTO ${SCHEMA}.items (id) SELECT generate_series(0, $1)`, [CLIENTS]);

  const transport = new events.PostgresEventTransport({ connectionString: url });
  const relay = new events.OutboxRelay({ databaseUrl: url, schema: SCHEMA, transport });
  cleanups.unshift(async () => {
    await relay.stop();
    await transport.close();
  });
  await relay.start();

  const writer = new events.OutboxWriter();
  const modes = {
    // The writer before issue 28: the row, then NOTIFY in every transaction.
    'notify every commit': async (client, event) => {
      const env = events.buildEnvelope(event, {});
      await client.query(
        `INSERT INTO ${SCHEMA}."outbox" ("id", "topic", "aggregate_id", "envelope") VALUES ($1, $2, $3, $4::jsonb)`,
        [env.id, env.type, env.aggregateId, JSON.stringify(env)],
      );
      await client.query(`SELECT pg_notify($1, $2)`, [events.OUTBOX_CHANNEL, SCHEMA]);
    },
    'notify a sleeping relay only': (client, event) => writer.append(client, SCHEMA, event),
  };

  async function round(append) {
    const deadline = Date.now() + SECONDS * 1000;
    let commits = 0;
    let maxWaiting = 0;
    const sampler = setInterval(() => {
      pool
        .query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'object'`,
        )
        .then(({ rows }) => (maxWaiting = Math.max(maxWaiting, rows[0].n)))
        .catch(() => undefined);
    }, 50);
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, id) => {
        const client = await pool.connect();
        try {
          while (Date.now() < deadline) {
            await client.query('BEGIN');
            await client.query(`UPDATE ${SCHEMA}.items SET n = n + 1 WHERE id = $1`, [id]);
            await append(client, {
              type: 'fields.field.updated.v1',
              aggregateId: `field-${id}`,
              payload: { fieldId: `field-${id}`, name: 'Bench field', county: 'Down' },
            });
            await client.query('COMMIT');
            commits += 1;
          }
        } finally {
          client.release();
        }
      }),
    );
    clearInterval(sampler);
    return { perSecond: commits / SECONDS, maxWaiting };
  }

  const results = Object.fromEntries(Object.keys(modes).map((m) => [m, []]));
  const names = Object.keys(modes);
  for (let r = 1; r <= ROUNDS; r++) {
    const order = r % 2 === 1 ? names : [...names].reverse();
    for (const name of order) {
      const res = await round(modes[name]);
      results[name].push(res);
      log(
        `round ${r} ${name.padEnd(28)} ${res.perSecond.toFixed(0)} commits/s, at most ${res.maxWaiting} waiting on the notify lock — ${loadAverage()}`,
      );
    }
  }
  const [before, after] = names.map((n) => median(results[n].map((x) => x.perSecond)));
  console.log('');
  console.log(
    `Outbox commits — ${CLIENTS} clients, ${ROUNDS} alternating rounds of ${SECONDS} s, ${os.cpus().length} CPUs, ${loadAverage()}`,
  );
  console.log('');
  console.log('| writer | commits/s (median) | rounds | most waiting on the notify lock |');
  console.log('|---|---:|---|---:|');
  for (const name of names)
    console.log(
      `| ${name} | ${median(results[name].map((x) => x.perSecond)).toFixed(0)} | ${results[name].map((x) => x.perSecond.toFixed(0)).join(', ')} | ${Math.max(...results[name].map((x) => x.maxWaiting))} |`,
    );
  console.log('');
  console.log(`after / before: ${(after / before).toFixed(2)}×`);
  const left = await pool.query(
    `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE published_at IS NULL`,
  );
  log(`rows not yet shipped at the end: ${left.rows[0].n}`);
});
