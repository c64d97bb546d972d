#!/usr/bin/env node
// `npm test`: lint, typecheck, deployment-file validation, build, unit + integration tests
// (one jest run over every project) and the browser journeys against the started stack.
// Prints one closing line "N passed, N failed" over all jest tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const steps = [];
const only = process.argv.slice(2);
// CI checks every project afresh; locally Nx's cache skips projects whose inputs did not change.
const nxCache = process.env.CI ? ['--skip-nx-cache'] : [];

function step(name, cmd, args, env = {}) {
  if (only.length && !only.includes(name)) return true;
  const started = Date.now();
  console.log(`\n=== ${name}: ${[path.basename(cmd), ...args].join(' ')}`);
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = res.status === 0;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
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

  try {
    step('lint', bin('nx'), [
      'run-many',
      '-t',
      'lint',
      '--parallel=2',
      '--outputStyle=static',
      ...nxCache,
    ]);
    step('typecheck', bin('nx'), [
      'run-many',
      '-t',
      'typecheck',
      '--parallel=2',
      '--outputStyle=static',
      ...nxCache,
    ]);
    step('format', bin('prettier'), ['--check', '--log-level=warn', '.']);
    step('deploy-files', process.execPath, ['infra/scripts/validate-deploy.mjs']);
    const built = step('build', bin('nx'), [
      'run-many',
      '-t',
      'build',
      '--parallel=2',
      '--outputStyle=static',
      ...nxCache,
    ]);
    step('unit+integration', bin('jest'), [
      '-c',
      'jest.config.cjs',
      '--json',
      '--outputFile=tmp/jest-results.json',
    ]);
    if (built) {
      step(
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
    await embedded?.stop();
  }

  console.log('\n=== summary');
  for (const s of steps)
    console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
  const unit = jestCounts(path.join(root, 'tmp/jest-results.json'));
  const e2e = jestCounts(path.join(root, 'tmp/jest-e2e-results.json'));
  const failedSteps = steps.filter(
    (s) => !s.ok && !['unit+integration', 'browser'].includes(s.name),
  ).length;
  const passed = unit.passed + e2e.passed;
  const failed = unit.failed + e2e.failed + failedSteps;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(steps.every((s) => s.ok) ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
