import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates environment variables once, at boot. Every problem names the
 * variable so a bad deployment fails fast with a message an operator can act on.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  // Empty strings mean "unset" so `FOO=` in an .env file falls back to the default.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = schema.safeParse(cleaned);
  if (result.success) {
    const problems = crossVariableProblems(result.data);
    if (problems.length) throw new ConfigError(problems);
    return result.data;
  }
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(root)';
    return `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/**
 * Rules between variables of the common env, checked on every app's parsed config (after its
 * own transforms, so derived values count): production-unsafe combinations fail at boot.
 */
function crossVariableProblems(config: unknown): string[] {
  if (!config || typeof config !== 'object') return [];
  const c = config as Record<string, unknown>;
  const problems: string[] = [];
  if (c['AUTH_ISSUER'] && !c['AUTH_AUDIENCE']) {
    problems.push(
      'AUTH_AUDIENCE: is required when AUTH_ISSUER is set (the `aud` of access tokens, e.g. https://loadout.ie/api); without it an ID token would pass as an access token',
    );
  }
  if (c['DEV_MAILBOX'] === 'on' && c['NODE_ENV'] === 'production') {
    problems.push(
      'DEV_MAILBOX: on publishes every mail (password-reset links) at /dev/mailbox and is refused when NODE_ENV=production',
    );
  }
  return problems;
}
