// Preloaded into a benchmarked process (`node --require …/profile-preload.cjs`) to take V8 CPU
// profiles of chosen windows only, the same profiler as `node --cpu-prof`: the first SIGWINCH
// starts profiling, the next writes `$BENCH_PROFILE_DIR/$BENCH_PROFILE_NAME-<n>.cpuprofile`
// (SIGWINCH because Nest's shutdown hooks stop the app on SIGUSR2, and SIGUSR1 opens the debugger).
// (`--cpu-prof` writes only at a clean exit, which a service stopped by SIGTERM never makes,
// and it would include start-up and idle time.)
const { Session } = require('node:inspector');
const { writeFileSync, mkdirSync } = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_PROFILE_DIR;
const name = process.env.BENCH_PROFILE_NAME || `pid${process.pid}`;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let taken = 0;
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  process.on('SIGWINCH', () => {
    const step = running
      ? post('Profiler.stop').then(({ profile }) => {
          mkdirSync(dir, { recursive: true });
          const file = path.join(dir, `${name}-${++taken}.cpuprofile`);
          writeFileSync(`${file}.tmp`, JSON.stringify(profile));
          require('node:fs').renameSync(`${file}.tmp`, file);
        })
      : post('Profiler.enable')
          .then(() => post('Profiler.setSamplingInterval', { interval: 200 }))
          .then(() => post('Profiler.start'));
    running = !running;
    step.catch((err) => console.error(`[profile] ${err.message}`));
  });
}
