#!/usr/bin/env node
// A single-node Apache Kafka broker in KRaft mode (broker + controller in one JVM, no
// ZooKeeper, no Docker), fetched from Maven Central by infra/jvm/pom.xml.
//
//   npm run kafka:start   fetch if missing, format, start, wait until healthy, create topics
//   npm run kafka:stop    stop it cleanly (SIGTERM, then SIGKILL after 30 s)
//   node infra/kafka/server.mjs status|fetch
//
// KAFKA_PORT (19092), KAFKA_CONTROLLER_PORT (port + 1), KAFKA_VERSION, KAFKA_FRESH=1 (wipe the
// log first), LOADOUT_CACHE_DIR (~/.cache/loadout). See infra/kafka/README.md.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cacheDir,
  findJdk,
  mavenFetch,
  readPid,
  root,
  runDir,
  runServerCli,
  say,
  startDetached,
  stopServer,
  waitUntil,
} from '../jvm/jvm.mjs';
import { parseTopics } from './topics.mjs';

/** Current Strimzi (1.x) supports 4.2.x and 4.3.x; the same version as k8s/. */
export const KAFKA_VERSION = process.env.KAFKA_VERSION ?? '4.3.1';
const NAME = 'kafka';
const MIN_JAVA = 17;

const kafkaPort = (opts = {}) => Number(opts.port ?? process.env.KAFKA_PORT ?? 19092);

export function fetchKafka() {
  const libs = path.join(cacheDir(), `kafka-${KAFKA_VERSION}`, 'libs');
  if (!existsSync(path.join(libs, `kafka_2.13-${KAFKA_VERSION}.jar`))) {
    say(NAME, `fetching org.apache.kafka:kafka_2.13:${KAFKA_VERSION} from Maven Central…`);
    mavenFetch('kafka', { 'kafka.version': KAFKA_VERSION });
  }
  return libs;
}

function serverProperties({ port, controllerPort, dataDir }) {
  return [
    '# Written by infra/kafka/server.mjs: one node is broker and controller (KRaft).',
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${path.join(dataDir, 'log')}`,
    'num.partitions=3',
    // Topics are declared (topics.txt), as in compose and Strimzi.
    'auto.create.topics.enable=false',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=10',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    // A single broker: no reason to wait for more members before the first rebalance.
    'group.initial.rebalance.delay.ms=0',
    'log.retention.hours=168',
    '',
  ].join('\n');
}

const LOG4J = `status = warn
appender.out.type = Console
appender.out.name = OUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = info
rootLogger.appenderRef.out.ref = OUT
logger.state.name = state.change.logger
logger.state.level = warn
`;

/** kafkajs from the repository's node_modules (the broker check speaks the real protocol). */
function kafkajs() {
  const require = createRequire(path.join(root, 'package.json'));
  return require('kafkajs');
}

async function withAdmin(brokers, work) {
  const { Kafka, logLevel } = kafkajs();
  const admin = new Kafka({
    clientId: 'loadout-kafka-script',
    brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
    connectionTimeout: 2000,
  }).admin();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.disconnect();
  }
}

/** Creates every topic of topics.txt that is missing (what compose's kafka-init does). */
export async function createTopics(brokers) {
  const { topics } = parseTopics(readFileSync(path.join(root, 'infra/kafka/topics.txt'), 'utf8'));
  // Right after start-up a new broker can answer "does not host this topic-partition" while it
  // elects leaders for the topics just created: ask again (only for what is still missing).
  for (let attempt = 1; ; attempt++) {
    try {
      return await withAdmin(brokers, async (admin) => {
        const existing = new Set(await admin.listTopics());
        const missing = topics.filter((t) => !existing.has(t.name));
        if (missing.length > 0)
          await admin.createTopics({
            waitForLeaders: true,
            topics: missing.map((t) => ({ topic: t.name, numPartitions: t.partitions })),
          });
        return missing.length;
      });
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/**
 * Starts the broker unless one of ours already runs on the port. Resolves once a client can
 * list topics, with `{ brokers, startupMs, reused }`.
 */
export async function startKafka(opts = {}) {
  const port = kafkaPort(opts);
  const controllerPort = Number(
    opts.controllerPort ?? process.env.KAFKA_CONTROLLER_PORT ?? port + 1,
  );
  const brokers = [`127.0.0.1:${port}`];
  const dir = runDir(NAME, port);
  const pidFile = path.join(dir, 'pid');
  const logFile = path.join(dir, 'server.log');
  if (readPid(pidFile)) {
    // A broker left running from before may lack topics added to topics.txt since.
    const created = await createTopics(brokers);
    say(
      NAME,
      `already running on ${brokers[0]} (pid ${readPid(pidFile)}; ${created} new topics created)`,
    );
    return { brokers, startupMs: 0, reused: true };
  }
  const libs = fetchKafka();
  const jdk = findJdk(MIN_JAVA);
  const java = path.join(jdk.home, 'bin/java');
  const fresh = opts.fresh ?? process.env.KAFKA_FRESH === '1';
  if (fresh) rmSync(path.join(dir, 'log'), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const propsFile = path.join(dir, 'server.properties');
  writeFileSync(propsFile, serverProperties({ port, controllerPort, dataDir: dir }));
  const log4jFile = path.join(dir, 'log4j2.properties');
  writeFileSync(log4jFile, LOG4J);
  const classpath = `${libs}/*`;
  const jvmArgs = [
    '-Xms256m',
    `-Xmx${process.env.KAFKA_HEAP ?? '1g'}`,
    '-XX:+UseG1GC',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${log4jFile}`,
    `-Dkafka.logs.dir=${dir}`,
    '-cp',
    classpath,
  ];

  const started = Date.now();
  if (!existsSync(path.join(dir, 'log', 'meta.properties'))) {
    const { spawnSync } = await import('node:child_process');
    const res = spawnSync(
      java,
      [
        ...jvmArgs,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        'loadout-local-kraft-01',
        '-c',
        propsFile,
      ],
      { encoding: 'utf8' },
    );
    if (res.status !== 0)
      throw new Error(`formatting the KRaft log failed:\n${(res.stdout + res.stderr).trim()}`);
  }
  const pid = startDetached({
    cmd: java,
    args: [...jvmArgs, 'kafka.Kafka', propsFile],
    cwd: dir,
    logFile,
    pidFile,
  });
  say(NAME, `Kafka ${KAFKA_VERSION} on Java ${jdk.major} starting (pid ${pid}, log ${logFile})…`);
  await waitUntil(
    'Kafka',
    () => withAdmin(brokers, async (admin) => (await admin.describeCluster()).brokers.length > 0),
    { pid, timeoutMs: Number(process.env.KAFKA_START_TIMEOUT_MS ?? 90_000), logFile },
  );
  const startupMs = Date.now() - started;
  const created = await createTopics(brokers);
  say(
    NAME,
    `ready on ${brokers[0]} in ${(startupMs / 1000).toFixed(1)} s (${created} topics created) — export KAFKA_BROKERS=${brokers[0]}`,
  );
  return { brokers, startupMs, reused: false };
}

export function stopKafka(opts = {}) {
  return stopServer(NAME, kafkaPort(opts));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runServerCli(NAME, {
    port: () => kafkaPort(),
    start: () => startKafka(),
    fetch: async () => say(NAME, `libs in ${fetchKafka()}`),
    where: (port) => `on 127.0.0.1:${port}`,
  });
}
