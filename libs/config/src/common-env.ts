import { isIP } from 'node:net';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);
const url = z.url({ message: 'must be a URL' });
const msVar = (defaultMs: number) =>
  z.coerce.number().int().min(0).max(3_600_000).default(defaultMs);

/** `10.0.0.7`, `::1`, `10.0.0.0/8`, `fd00::/8`. */
export function isIpOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Hops whose `X-Forwarded-For` (and, on services, the gateway's client-IP header) is believed:
 * a comma list of IPs/CIDRs. Empty (the default) trusts nobody: the socket peer is the client.
 * Services list the gateway's hop only; the gateway lists its load balancers only (ADR 0009).
 */
export const trustedProxiesVar = csv
  .pipe(
    z.array(
      z.string().refine(isIpOrCidr, {
        error: (issue) => `"${String(issue.input)}" is not an IP address or CIDR`,
      }),
    ),
  )
  .default([]);

/** Variables every Nest app (services and gateway) reads. */
export const baseEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: csv.default(['http://localhost:8080']),
  REDIS_URL: url.optional(),
  /** OIDC issuer whose JWKS signs access tokens (embedded provider or Keycloak realm). */
  AUTH_ISSUER: url.optional(),
  /** JWKS URL; defaults to the issuer's discovery document. */
  AUTH_JWKS_URL: url.optional(),
  /** Expected `aud` of access tokens; required whenever AUTH_ISSUER is set (see loadConfig). */
  AUTH_AUDIENCE: z.string().min(1).optional(),
  /**
   * Identity's session state endpoint (`http://<identity>/internal/sessions`): tokens of ended
   * sessions are refused within 5 s (ADR 0019). Unset = tokens live until they expire.
   */
  AUTH_SESSIONS_URL: url.optional(),
  TRUSTED_PROXIES: trustedProxiesVar,
  /**
   * The development mailbox (every mail readable and deletable by anyone at /dev/mailbox):
   * an explicit opt-in that only `npm start` sets, refused with NODE_ENV=production.
   */
  DEV_MAILBOX: z.enum(['on', 'off']).default('off'),
});

/** Variables of a service that owns data and exchanges events. */
export const serviceEnv = baseEnv.extend({
  DATABASE_URL: url.refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// URL'),
  /**
   * The same database without a pooler in between, for what needs a session of its own:
   * LISTEN (outbox relay, notification pushes) and the postgres transport's session lock.
   * PgBouncer in transaction mode never delivers NOTIFY. Unset = DATABASE_URL.
   */
  DATABASE_DIRECT_URL: url
    .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// URL')
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How long a pooled connection may sit unused before the pool closes it (issue 28). pg's
   * default of 10 s closed the connections a burst had opened, so the next burst opened them
   * again: a PostgreSQL backend forked and authenticated per connection, and the requests behind
   * it waiting (bench:messaging: 30-50 backends instead of 20, p99 100-320 ms instead of 30).
   * Unset = `DEFAULT_POOL_IDLE_TIMEOUT_MS` of `@loadout/db` (a minute), its one definition.
   */
  DB_POOL_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  /**
   * Session limits of every pooled connection (issue 22 item 4, ADR 0026), in ms; 0 = off. A
   * lock wait, a statement, or a transaction left idle (a job holding a lock while it waits for
   * a second connection) ends in an error the caller retries, never a pool stuck for minutes.
   */
  DB_LOCK_TIMEOUT_MS: msVar(5_000),
  DB_STATEMENT_TIMEOUT_MS: msVar(30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: msVar(15_000),
  EVENT_TRANSPORT: z.enum(['postgres', 'kafka']).default('postgres'),
  /**
   * `/metrics` and `/health/ready` only on this second port (Kubernetes: the NetworkPolicies open
   * it to the monitoring namespace, never to other pods). Unset = on PORT, as `npm start` runs.
   */
  MANAGEMENT_PORT: port.optional(),
  KAFKA_BROKERS: csv.optional(),
});

export const portVar = (defaultPort: number) => port.default(defaultPort);

/**
 * The site's origin as the browser sees it (`PUBLIC_URL`), without a trailing slash. Absolute
 * links (mail, issuer, sitemap) are built on it, never on a request's Host header (issue 22).
 */
export const publicUrlVar = url
  .transform((u) => u.replace(/\/+$/, ''))
  .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
  .default('http://localhost:8080');
export { z };

/**
 * Messaging and notifications push to the sockets of every replica through Redis pub/sub; with
 * the in-process fallback a pod reaches only its own sockets. Production runs several replicas
 * (the HPAs start at two), so there Redis is required (issue 27).
 */
export function requireRedisForReplicas(
  env: { NODE_ENV: string; REDIS_URL?: string },
  ctx: z.RefinementCtx,
  what: string,
): void {
  if (env.NODE_ENV === 'production' && !env.REDIS_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['REDIS_URL'],
      message: `is required when NODE_ENV=production: with more than one replica, ${what} reaches only the sockets of the pod that sent it`,
    });
}
