import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);
const url = z.url({ message: 'must be a URL' });

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
  AUTH_AUDIENCE: z.string().optional(),
});

/** Variables of a service that owns data and exchanges events. */
export const serviceEnv = baseEnv.extend({
  DATABASE_URL: url.refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// URL'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  EVENT_TRANSPORT: z.enum(['postgres', 'kafka']).default('postgres'),
  KAFKA_BROKERS: csv.optional(),
});

export const portVar = (defaultPort: number) => port.default(defaultPort);
export { z };
