/** Keeps expected warnings (retries, skips) out of the test output, but inspectable. */
export function quietLogger() {
  const lines: string[] = [];
  return {
    lines,
    log: (m: string) => void lines.push(`log: ${m}`),
    warn: (m: string) => void lines.push(`warn: ${m}`),
    error: (m: string) => void lines.push(`error: ${m}`),
  };
}
