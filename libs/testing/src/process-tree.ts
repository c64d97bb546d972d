import { readdirSync, readFileSync } from 'node:fs';

/** The parent pid of `pid` from /proc (Linux), or null when it is gone or unreadable. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

/** Every living descendant of `pid` (children first found, then theirs), from /proc. */
export function descendantsOf(pid: number): number[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return []; // no /proc (not Linux): nothing known beyond the process itself
  }
  const children = new Map<number, number[]>();
  for (const p of pids) {
    const parent = parentOf(p);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), p]);
  }
  const found: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * Kills `pid` and every process it started, at once with SIGKILL: for a stack that did not get
 * ready, whose launcher may be stuck in a synchronous build and would never pass a gentler
 * signal on to the services it already started. The tree is read before any kill, so an
 * orphan re-parented to init in between is still found.
 */
export function killTree(pid: number): void {
  for (const p of [pid, ...descendantsOf(pid)]) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
