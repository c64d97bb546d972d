import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { descendantsOf, killTree } from './process-tree';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A launcher that starts two grandchildren and prints their pids, then waits (like start.mjs). */
const LAUNCHER = `
const { spawn } = require('node:child_process');
const kids = [0, 1].map(() => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
console.log(kids.map((k) => k.pid).join(' '));
setInterval(() => {}, 1000);
`;

if (!existsSync('/proc/self/stat')) {
  console.log('skipped: no /proc on this machine (process-tree reads it); killTree not tested');
} else {
  describe('killTree', () => {
    it('kills a launcher and the services it started, not only the launcher', async () => {
      const launcher = spawn(process.execPath, ['-e', LAUNCHER], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const kids = await new Promise<number[]>((resolve) =>
        launcher.stdout!.once('data', (d: Buffer) =>
          resolve(String(d).trim().split(' ').map(Number)),
        ),
      );
      expect(descendantsOf(launcher.pid!).sort()).toEqual([...kids].sort());
      const exited = new Promise((r) => launcher.once('exit', r));

      killTree(launcher.pid!);
      await exited;

      // SIGKILL is delivered at once, but the kernel reaps the orphans a moment later.
      const deadline = Date.now() + 5_000;
      while (kids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(kids.filter(alive)).toEqual([]);
    });

    it('finds nothing below a process without children, and a gone pid is no error', async () => {
      const lone = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
        stdio: 'ignore',
      });
      expect(descendantsOf(lone.pid!)).toEqual([]);
      const exited = new Promise((r) => lone.once('exit', r));
      killTree(lone.pid!);
      await exited;
      expect(() => killTree(lone.pid!)).not.toThrow();
    });
  });
}
