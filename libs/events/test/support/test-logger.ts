/** Keeps expected warnings (retries, dead letters) out of the test output, but inspectable. */
export function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    log: (m: string) => void lines.push(`log: ${m}`),
    warn: (m: string) => void lines.push(`warn: ${m}`),
    error: (m: string) => void lines.push(`error: ${m}`),
  };
}
