import { baseEnv, loadConfig, portVar, publicUrlVar, z } from '@loadout/config';

/** The services behind the gateway; each gets an UPSTREAM_<NAME>_URL variable. */
export const SERVICES = [
  'identity',
  'listings',
  'orders',
  'messaging',
  'notifications',
  'fields',
  'admin',
] as const;
export type ServiceName = (typeof SERVICES)[number];

const optionalUrl = z.url({ message: 'must be a URL' }).optional();

export const gatewayEnv = baseEnv.extend({
  PORT: portVar(8080),
  /** The site's origin: robots.txt and sitemap.xml name it, never the request's Host. */
  PUBLIC_URL: publicUrlVar,
  UPSTREAM_IDENTITY_URL: optionalUrl,
  UPSTREAM_LISTINGS_URL: optionalUrl,
  UPSTREAM_ORDERS_URL: optionalUrl,
  UPSTREAM_MESSAGING_URL: optionalUrl,
  UPSTREAM_NOTIFICATIONS_URL: optionalUrl,
  UPSTREAM_FIELDS_URL: optionalUrl,
  UPSTREAM_ADMIN_URL: optionalUrl,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Keep-alive sockets per service at most (requests beyond it queue in the gateway). */
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(64),
  /** Built frontends (dist/frontends): shell at /, remotes at /remotes/<name>/. Unset = API only. */
  FRONTEND_DIST_DIR: z.string().optional(),
  /** JSON `{ "<remote>": { "entry": "<url>" } }`; unset = every built remote in FRONTEND_DIST_DIR. */
  REMOTES_MANIFEST: z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as Record<string, { entry: string }>;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be JSON like {"fields":{"entry":"/remotes/fields/remoteEntry.js"}}',
        });
        return z.NEVER;
      }
    })
    .optional(),
  /** Orders' processor (the same variable orders reads): `stripe` lets pages load Stripe.js. */
  PAYMENTS_PROVIDER: z.enum(['simulated', 'stripe']).default('simulated'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Origins pages may load images from and upload to besides the gateway (MinIO/S3 public URL). */
  CSP_EXTRA_ORIGINS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .default([]),
  /** Largest request body forwarded; an upload part is at most 5 MiB. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(65_536)
    .default(6 * 1_048_576),
  BROWSE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** `/metrics` and `/health/ready` answer only here, never on the public PORT. */
  MANAGEMENT_PORT: portVar(9090),
});

export type GatewayConfig = z.infer<typeof gatewayEnv>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  loadConfig(gatewayEnv, env);

export function upstreamUrls(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  const out: Partial<Record<ServiceName, string>> = {};
  for (const s of SERVICES) {
    const url = config[`UPSTREAM_${s.toUpperCase()}_URL` as keyof GatewayConfig] as
      string | undefined;
    if (url) out[s] = url.replace(/\/$/, '');
  }
  return out;
}
