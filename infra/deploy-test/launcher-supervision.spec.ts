// The launcher's supervisor (infra/embedded/supervisor.mjs) on real processes (issue 22 item 3):
// a crashed process comes back after a pause; a crash loop is given up on, and the launcher
// exits non-zero. The supervisor runs in a child node process, supervising real grandchildren.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './support/deploy-fixture';

const supervisorUrl = pathToFileURL(path.join(repoRoot, 'infra/embedded/supervisor.mjs')).href;

/**
 * A launcher stand-in: supervises `node -e <child>` with short pauses (100, 200 ms), three
 * crashes in 10 s making a loop; prints what happens; exits 1 when it gives up, 0 when the
 * child says it is up after a restart.
 */
const driver = (child: string) => `
import { spawn } from 'node:child_process';
import { Supervisor } from ${JSON.stringify(supervisorUrl)};
let current;
const supervisor = new Supervisor({
  log: (msg) => console.log(msg),
  onGiveUp: () => { supervisor.stop(); console.log('GAVE UP'); process.exit(1); },
  backoffMs: [100, 200],
  maxCrashes: 3,
  windowMs: 10_000,
});
let starts = 0;
const start = () => {
  starts++;
  // The child says "up" once it is running; one that dies first never does (a timer here
  // mistook a slow-starting crasher for a running process on a loaded machine).
  current = spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: ['ignore', 'pipe', 'ignore'] });
  current.on('exit', (code, signal) => supervisor.crashed('svc', signal ?? 'exit ' + code, start));
  current.stdout.on('data', () => {
    if (starts < 2) return;
    console.log('RUNNING after ' + starts + ' starts');
    supervisor.stop();
    current.kill();
    process.exit(0);
  });
};
start();
setTimeout(() => { console.log('TIMEOUT'); process.exit(2); }, 15_000);
`;

const supervise = (child: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', driver(child)], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30_000,
  });

describe('the launcher supervises the processes it starts (issue 22 item 3)', () => {
  it('starts a crashed process again after a pause, and it keeps running', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'loadout-supervise-'));
    try {
      // Crashes the first time (no marker yet), then stays up.
      const once = `const fs=require('fs');const f=process.env.MARK;if(!fs.existsSync(f)){fs.writeFileSync(f,'');process.exit(3)}console.log('up');setInterval(()=>{},1000)`;
      const res = supervise(once, { MARK: path.join(dir, 'crashed-once') });
      expect(res.stdout).toContain(
        'svc stopped unexpectedly (exit 3); restarting in 100 ms (crash 1 of 3 within 10 s)',
      );
      expect(res.stdout).toContain('RUNNING after 2 starts');
      expect(res.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up on a crash loop with growing pauses, and exits non-zero', () => {
    const started = Date.now();
    const res = supervise('process.exit(1)');
    expect(res.stdout).toContain('restarting in 100 ms (crash 1 of 3');
    expect(res.stdout).toContain('restarting in 200 ms (crash 2 of 3');
    expect(res.stdout).toMatch(/svc stopped 3 times within 10 s \(last: exit 1\), a crash loop/);
    expect(res.stdout).toContain('GAVE UP');
    expect(res.status).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
