#!/usr/bin/env node
// `npm test`: lint, typecheck, deployment-file validation, build, unit + integration tests
// (one jest run over every project), the API security suites and the browser journeys against
// the started stack.
// Prints one closing line "N passed, N failed" over all jest tests.
//
// The distributed-mode tests (Kafka contract suite, Kafka scale test, Keycloak journeys) need
// a Kafka broker and Keycloak. When KAFKA_BROKERS / LOADOUT_KEYCLOAK_URL name running ones
// (`.ci/run` starts them) they are used; otherwise, on a machine with `java` and `mvn`, this
// script starts both (infra/kafka, infra/keycloak) and stops them at the end. Set
// LOADOUT_JVM_SERVERS=off to skip them; the tests then print what they skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
/** The JS/MJS/CJS files at the repository's root (eslint.config.mjs, jest configs…). */
const rootScripts = () => readdirSync(root).filter((f) => /\.(mjs|cjs)$/.test(f));
const steps = [];
const only = process.argv.slice(2);
// CI checks every project afresh; locally Nx's cache skips projects whose inputs did not change.
const nxCache = process.env.CI ? ['--skip-nx-cache'] : [];

/**
 * Runs one step and resolves to whether it passed. Asynchronous on purpose: while a step runs,
 * this process must keep reading the embedded PostgreSQL's log pipe. A blocking spawnSync let
 * that pipe fill (64 KB: the chaos test's terminated sessions log a line each), after which
 * every postgres process that logged (the checkpointer first) blocked on it, and every
 * `DROP DATABASE` waited for a checkpoint that never came: each suite's teardown timed out.
 */
async function step(name, cmd, args, env = {}) {
  if (only.length && !only.includes(name)) return true;
  const started = Date.now();
  console.log(`\n=== ${name}: ${[path.basename(cmd), ...args].join(' ')}`);
  const code = await new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (err) => {
      console.error(`${name}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (status, signal) => resolve(signal ? 1 : (status ?? 1)));
  });
  const ok = code === 0;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

const has = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/**
 * Starts Kafka and Keycloak in the background when the tests that need them will run and
 * nobody named running ones. Resolves to a stop function for what it started.
 */
async function startJvmServers() {
  const wanted =
    only.length === 0 || only.some((s) => ['unit+integration', 'kafka', 'browser'].includes(s));
  const needKafka = !process.env.KAFKA_BROKERS;
  const needKeycloak = !process.env.LOADOUT_KEYCLOAK_URL;
  if (!wanted || (!needKafka && !needKeycloak)) return async () => {};
  if (process.env.LOADOUT_JVM_SERVERS === 'off') {
    console.log('skipped: LOADOUT_JVM_SERVERS=off: no Kafka or Keycloak started');
    return async () => {};
  }
  if (!has('java', ['-version']) || !has('mvn', ['-v'])) {
    console.log(
      'skipped: java and mvn not both found: no Kafka or Keycloak started (Kafka contract suite, scale test and Keycloak journeys need them)',
    );
    return async () => {};
  }
  const stops = [];
  const [kafka, keycloak] = await Promise.all([
    needKafka
      ? import('../kafka/server.mjs').then((m) => m.startKafka().then((r) => ({ m, r })))
      : null,
    needKeycloak
      ? import('../keycloak/server.mjs').then((m) => m.startKeycloak().then((r) => ({ m, r })))
      : null,
  ]);
  if (kafka) {
    process.env.KAFKA_BROKERS = kafka.r.brokers.join(',');
    if (!kafka.r.reused) stops.push(() => kafka.m.stopKafka());
  }
  if (keycloak) {
    process.env.LOADOUT_KEYCLOAK_URL = keycloak.r.url;
    process.env.LOADOUT_KEYCLOAK_REALM = keycloak.r.realm;
    process.env.LOADOUT_KEYCLOAK_ADMIN_USER = keycloak.r.adminUser;
    process.env.LOADOUT_KEYCLOAK_ADMIN_PASSWORD = keycloak.r.adminPassword;
    if (!keycloak.r.reused) stops.push(() => keycloak.m.stopKeycloak());
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}

/** The JSON report each jest step writes. */
const REPORTS = {
  'unit+integration': 'jest-results',
  kafka: 'jest-kafka-results',
  security: 'jest-security-results',
  browser: 'jest-e2e-results',
};

/**
 * The failing tests of a jest JSON report, one line each with the first lines of the failure,
 * so the tail of a CI log (the summary) names what failed even when the middle is cut.
 */
function jestFailures(file) {
  if (!existsSync(file)) return [];
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const relative = (f) => path.relative(root, f);
  const firstLines = (text) =>
    String(text ?? '')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, 3)
      .join(' | ')
      .slice(0, 400);
  const out = [];
  for (const suite of r.testResults ?? []) {
    const failed = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed)
      out.push(
        `  ✕ ${relative(suite.name)} › ${a.fullName ?? a.title}: ${firstLines(a.failureMessages?.[0])}`,
      );
    if (failed.length === 0 && suite.status === 'failed')
      out.push(`  ✕ ${relative(suite.name)} (suite): ${firstLines(suite.message)}`);
  }
  return out;
}

function jestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, ran: false };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + r.numRuntimeErrorTestSuites,
    ran: true,
  };
}

async function main() {
  mkdirSync(path.join(root, 'tmp'), { recursive: true });
  // A report left by an earlier run must not stand in for a step that crashed or did not run.
  for (const name of Object.values(REPORTS))
    rmSync(path.join(root, `tmp/${name}.json`), { force: true });
  let embedded = null;
  if (!process.env.DATABASE_URL) {
    const { freePort, startEmbeddedPostgres } = await import('../embedded/postgres.mjs');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loadout-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
    process.env.DATABASE_URL = embedded.url;
    console.log(
      'DATABASE_URL not set: tests use an embedded PostgreSQL (throwaway databases on it)',
    );
  }

  // Kafka and Keycloak start while lint, typecheck and build run (Keycloak takes a minute or two).
  const jvm = startJvmServers().catch((err) => {
    console.error(`Kafka/Keycloak could not start: ${err instanceof Error ? err.message : err}`);
    return async () => {};
  });
  try {
    await step('lint', bin('nx'), [
      'run-many',
      '-t',
      'lint',
      '--parallel=2',
      '--outputStyle=static',
      ...nxCache,
    ]);
    // The infra scripts and root configs (JS/MJS/CJS) are outside every Nx project.
    await step('lint-scripts', bin('eslint'), ['infra', ...rootScripts()]);
    await step('typecheck', bin('nx'), [
      'run-many',
      '-t',
      'typecheck',
      '--parallel=2',
      '--outputStyle=static',
      ...nxCache,
    ]);
    await step('format', bin('prettier'), ['--check', '--log-level=warn', '.']);
    await step('deploy-files', process.execPath, ['infra/scripts/validate-deploy.mjs']);
    await step('audit', process.execPath, ['infra/scripts/audit.mjs']);
    const built = await step('build', bin('nx'), [
      'run-many',
      '-t',
      'build',
      '--parallel=2',
      '--outputStyle=static',
      ...nxCache,
    ]);
    await jvm; // sets KAFKA_BROKERS and LOADOUT_KEYCLOAK_* for the tests below
    // The Kafka suites (contract + scale test with processes killed on purpose) run on their own
    // after the rest: beside 1,000 other tests on two cores their timing-bound cases flake.
    // On two cores jest runs every file in its own process (maxWorkers 1 = in band), where what
    // each file leaves behind adds up: ~26 MB a file, and at ~215 of ~350 files it died of
    // Node's 4 GB heap on 2026-11-27, losing the step. A memory limit makes jest use a worker
    // (still one at a time) and start a fresh one whenever it has grown past the limit.
    await step('unit+integration', bin('jest'), [
      '-c',
      'jest.config.cjs',
      '--testPathIgnorePatterns',
      'libs/events/test/kafka-transport',
      '--workerIdleMemoryLimit=1536MB',
      '--json',
      '--outputFile=tmp/jest-results.json',
    ]);
    await step('kafka', bin('jest'), [
      '-c',
      'libs/events/jest.config.cjs',
      'libs/events/test/kafka-transport',
      '--json',
      '--outputFile=tmp/jest-kafka-results.json',
    ]);
    if (built) {
      // The API security suites (issue 8): access matrix, mass assignment, fuzz, floods against
      // the stack started as `npm start` starts it, on the output the build step just made.
      await step('security', bin('jest'), [
        '-c',
        'infra/security-suite/jest.config.cjs',
        '--json',
        '--outputFile=tmp/jest-security-results.json',
      ]);
      await step(
        'browser',
        bin('jest'),
        [
          '-c',
          'frontends/shell-e2e/jest.config.cjs',
          '--json',
          '--outputFile=tmp/jest-e2e-results.json',
        ],
        {
          LOADOUT_SKIP_BUILD_CHECK: '',
        },
      );
    }
  } finally {
    await (
      await jvm
    )();
    await embedded?.stop();
  }

  console.log('\n=== summary');
  for (const s of steps)
    console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
  // Only the reports of the jest steps this run ran (each was removed before the run).
  const ran = steps
    .filter((s) => s.name in REPORTS)
    .map((s) => path.join(root, `tmp/${REPORTS[s.name]}.json`));
  const counts = ran.map(jestCounts);
  const failedSteps = steps.filter((s) => !s.ok && !(s.name in REPORTS)).length;
  const passed = counts.reduce((n, c) => n + c.passed, 0);
  const failed = counts.reduce((n, c) => n + c.failed, 0) + failedSteps;
  const failures = ran.flatMap(jestFailures);
  if (failures.length > 0) console.log(`failed tests:\n${failures.join('\n')}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(steps.every((s) => s.ok) ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
