/**
 * Runs `work` and answers no sooner than `floorMs` after the start: paths that do different
 * work (a known or an unknown email) take the same time as seen by the caller, as long as
 * the work fits under the floor (it is a few database round trips and an argon2 hash).
 */
export async function withTimeFloor<T>(
  floorMs: number,
  work: () => Promise<T>,
  now: () => number = () => performance.now(),
): Promise<T> {
  const started = now();
  try {
    return await work();
  } finally {
    const left = floorMs - (now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}
