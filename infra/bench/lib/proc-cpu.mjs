// CPU time of processes from /proc (Linux): on these shared 2-core machines wall-clock timings
// swing ±40 %, CPU time per request ~±5 % (toolchain-notes.md), so benchmarks compare CPU.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux x86-64

/** `pid`'s CPU in milliseconds: in its own code (utime) and in the kernel on its behalf (stime). */
export function cpuTimes(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    user: (Number(fields[11]) * 1000) / TICKS_PER_SECOND,
    system: (Number(fields[12]) * 1000) / TICKS_PER_SECOND,
  };
}

/** utime + stime of `pid` in milliseconds. */
export function cpuMillis(pid) {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/**
 * CPU the whole machine spent busy so far (all cores, every process and the kernel: user, nice,
 * system, irq, softirq, steal), in ms, from the first line of `/proc/stat`.
 */
export function machineBusyMillis() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return ((user + nice + system + irq + softirq + (steal || 0)) * 1000) / TICKS_PER_SECOND;
}

export const totalCpuMillis = (pids) => pids.reduce((sum, pid) => sum + cpuMillis(pid), 0);

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
