// The host's speed, measured in about a second before a bench starts its services, so that its
// figures can be told apart from the host's: the same build has read 29-32 orders/s on one host
// and 13-15 on another of the same core count and clock, whose loopback and system calls were
// about three times dearer. Two numbers: plain JavaScript (no system call) and a loopback TCP
// round trip between two sockets of this process (the path every service hop and every
// PostgreSQL and Redis statement takes). Compare bench figures only between runs whose host
// figures are alike.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** ms for a fixed integer loop (JIT-compiled after its first pass). */
function cpuLoopMs() {
  const run = () => {
    let x = 0;
    for (let i = 0; i < 50_000_000; i++) x = (x + (i % 7)) | 0;
    return x;
  };
  run();
  const started = performance.now();
  if (run() === -1) throw new Error('unreachable');
  return performance.now() - started;
}

/** µs per 64-byte request and answer over loopback TCP (Nagle off), median of three batches. */
async function loopbackRoundTripUs(roundTrips = 2_000) {
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => socket.write(chunk));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = net.connect(server.address().port, '127.0.0.1');
  client.setNoDelay(true);
  await new Promise((resolve, reject) => client.once('connect', resolve).once('error', reject));
  const payload = Buffer.alloc(64, 1);
  const batch = () =>
    new Promise((resolve) => {
      let left = roundTrips;
      let pending = 0;
      const started = performance.now();
      const onData = (chunk) => {
        pending -= chunk.length;
        if (pending > 0) return;
        if (--left === 0) {
          client.off('data', onData);
          resolve(((performance.now() - started) * 1000) / roundTrips);
        } else send();
      };
      const send = () => {
        pending = payload.length;
        client.write(payload);
      };
      client.on('data', onData);
      send();
    });
  try {
    await batch(); // warm-up
    const batches = [await batch(), await batch(), await batch()].sort((a, b) => a - b);
    return batches[1];
  } finally {
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** `{ cpuLoopMs, loopbackUs }` and a line for the bench's report. */
export async function hostSpeed() {
  const cpu = cpuLoopMs();
  const loopback = await loopbackRoundTripUs();
  return {
    cpuLoopMs: cpu,
    loopbackUs: loopback,
    line: `host: JS loop ${cpu.toFixed(0)} ms, loopback TCP round trip ${loopback.toFixed(1)} µs (compare figures only between runs with alike host figures)`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await hostSpeed()).line);
}
