import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The built messaging service in its own OS process (a real second replica): builds
 * dist/services/messaging, starts main.js on a free port and waits for /health/ready.
 */
export async function startMessagingProcess(
  env: Record<string, string>,
): Promise<{ url: string; exited(): boolean; output(): string; stop(): Promise<void> }> {
  execFileSync(process.execPath, ['infra/scripts/build-backend.mjs', 'services/messaging'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/services/messaging/src/main.js'], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'], ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`messaging exited early:\n${output}`);
    const ready = await fetch(`${url}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`messaging not ready after 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
