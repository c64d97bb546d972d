// What the deployment must provide: pending host paths, contract topics, Keycloak issuers, the variables each app refuses to start without, gateway upstreams and remotes.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDir, isObject } from './helpers.mjs';

/** Host paths a compose bind mount may name before they exist (a later issue adds them). */
export const PENDING_PATHS = new Map([
  [
    'infra/keycloak',
    'the Keycloak realm file infra/keycloak/loadout-realm.json arrives with the identity service; Docker creates an empty directory meanwhile and Keycloak starts without the realm',
  ],
]);

/** Where EVENT_TOPICS is defined; infra/kafka/topics.txt must list exactly its topics. */
export const CONTRACT_TOPICS_FILE = 'libs/contracts/src/events/event-payloads.ts';
/** Keycloak imports every realm file of this directory with `--import-realm`. */
export const KEYCLOAK_IMPORT_DIR = '/opt/keycloak/data/import';

/** The issuer of a Keycloak realm: <base URL>/realms/<realm>. */
export const keycloakIssuer = (url, realm) =>
  `${String(url).replace(/\/+$/, '')}/realms/${encodeURIComponent(realm)}`;

/**
 * What each app's config refuses (or silently gets wrong), checked on the environment a compose
 * service or a Kubernetes container ends up with. `env` holds literal values; a value from a
 * Secret or the downward API is UNKNOWN (set, value not known here). `opaque` means some keys
 * may come from an envFrom Secret, so a missing variable is not an error.
 * Keep in step with services/<name>/src/<name>.config.ts (listings: also libs/storage/src/storage-env.ts
 * and create-object-storage.ts).
 */
export const UNKNOWN = Symbol('unknown');
export const APP_ENV_RULES = {
  identity(env, { opaque }) {
    const out = [];
    const provider = env.IDENTITY_PROVIDER ?? 'embedded';
    const production = env.NODE_ENV === 'production';
    if (provider === UNKNOWN) return out;
    if (!['embedded', 'keycloak'].includes(provider))
      out.push(`IDENTITY_PROVIDER "${provider}" must be embedded or keycloak`);
    if (env.OIDC_EXTRA_CLIENTS !== undefined && production)
      out.push(
        'OIDC_EXTRA_CLIENTS is for tests only; identity refuses it with NODE_ENV=production',
      );
    if (provider === 'keycloak') {
      if (production && env.KEYCLOAK_ADMIN_CLIENT_SECRET === undefined && !opaque)
        out.push(
          'IDENTITY_PROVIDER=keycloak with NODE_ENV=production needs KEYCLOAK_ADMIN_CLIENT_SECRET (identity refuses to start: it deletes a deleted account in Keycloak)',
        );
      if (env.KEYCLOAK_URL === undefined) {
        if (!opaque)
          out.push('IDENTITY_PROVIDER=keycloak needs KEYCLOAK_URL (identity refuses to start)');
      } else if (typeof env.KEYCLOAK_URL === 'string' && typeof env.AUTH_ISSUER === 'string') {
        const realm = typeof env.KEYCLOAK_REALM === 'string' ? env.KEYCLOAK_REALM : 'loadout';
        const expected = keycloakIssuer(env.KEYCLOAK_URL, realm);
        if (env.AUTH_ISSUER.replace(/\/+$/, '') !== expected)
          out.push(
            `AUTH_ISSUER ${env.AUTH_ISSUER} is not the issuer of KEYCLOAK_URL + KEYCLOAK_REALM (${expected}): the shell signs in there, so its tokens would be rejected`,
          );
      }
    } else if (provider === 'embedded' && typeof env.AUTH_ISSUER === 'string') {
      const publicUrl =
        typeof env.PUBLIC_URL === 'string' ? env.PUBLIC_URL : 'http://localhost:8080';
      const expected = `${publicUrl.replace(/\/+$/, '')}/oidc`;
      if (env.AUTH_ISSUER.replace(/\/+$/, '') !== expected)
        out.push(
          `AUTH_ISSUER ${env.AUTH_ISSUER} is not the embedded provider's issuer (PUBLIC_URL + /oidc = ${expected})`,
        );
    }
    return out;
  },
  notifications(env, { opaque }) {
    const out = [];
    const transport = env.MAIL_TRANSPORT ?? 'devbox';
    if (transport === UNKNOWN) return out;
    if (!['devbox', 'smtp'].includes(transport))
      out.push(`MAIL_TRANSPORT "${transport}" must be devbox or smtp`);
    if (transport === 'devbox' && env.NODE_ENV === 'production')
      out.push(
        `MAIL_TRANSPORT is ${env.MAIL_TRANSPORT === undefined ? 'unset (devbox)' : 'devbox'} with NODE_ENV=production: notifications refuses to start (the dev mailbox is public); set MAIL_TRANSPORT=smtp and SMTP_URL`,
      );
    if (transport === 'smtp' && env.SMTP_URL === undefined && !opaque)
      out.push('MAIL_TRANSPORT=smtp needs SMTP_URL (notifications refuses to start)');
    if (typeof env.SMTP_URL === 'string' && !/^smtps?:\/\/[^/\s]+/.test(env.SMTP_URL))
      out.push(`SMTP_URL "${env.SMTP_URL}" must be an smtp:// or smtps:// URL`);
    out.push(...redisForReplicas('notifications', env, opaque));
    return out;
  },
  orders(env, { opaque }) {
    const out = [];
    if (env.INTERNAL_API_TOKEN === undefined && !opaque)
      out.push('INTERNAL_API_TOKEN is unset: orders refuses to start (it calls listings with it)');
    if (typeof env.INTERNAL_API_TOKEN === 'string' && env.INTERNAL_API_TOKEN.length < 16)
      out.push('INTERNAL_API_TOKEN must be at least 16 characters (orders refuses to start)');
    if (typeof env.LISTINGS_URL === 'string' && !/^https?:\/\/[^\s]+$/.test(env.LISTINGS_URL))
      out.push(`LISTINGS_URL "${env.LISTINGS_URL}" must be an http:// or https:// URL`);
    const provider = env.PAYMENTS_PROVIDER ?? 'simulated';
    if (provider === UNKNOWN) return out;
    if (!['simulated', 'stripe'].includes(provider))
      out.push(`PAYMENTS_PROVIDER "${provider}" must be simulated or stripe`);
    if (provider === 'stripe' && env.STRIPE_SECRET_KEY === undefined && !opaque)
      out.push('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    if (
      provider === 'simulated' &&
      env.NODE_ENV === 'production' &&
      env.PAYMENTS_ALLOW_SIMULATED !== 'on'
    )
      out.push(
        `PAYMENTS_PROVIDER is ${env.PAYMENTS_PROVIDER === undefined ? 'unset (simulated)' : 'simulated'} with NODE_ENV=production: orders refuses to start (no real money would move); set PAYMENTS_PROVIDER=stripe, or PAYMENTS_ALLOW_SIMULATED=on for a staging deployment`,
      );
    return out;
  },
  messaging: (env, { opaque }) => redisForReplicas('messaging', env, opaque),
  listings(env, { opaque }) {
    const out = [];
    const missing = (name) => env[name] === undefined && !opaque;
    // the S3 client takes an origin: scheme, host and port, no path
    for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_URL'])
      if (typeof env[name] === 'string' && !/^https?:\/\/[^/\s?#]+\/?$/.test(env[name]))
        out.push(`${name} "${env[name]}" must be an http:// or https:// origin without a path`);
    for (const name of ['UPLOAD_SIGNING_SECRET', 'INTERNAL_API_TOKEN'])
      if (typeof env[name] === 'string' && env[name].length < 16)
        out.push(`${name} must be at least 16 characters (listings refuses to start)`);
    if (missing('INTERNAL_API_TOKEN'))
      out.push(
        'INTERNAL_API_TOKEN is unset: the internal reserve/release/sold routes other services call answer 404',
      );
    if (typeof env.ORDERS_URL === 'string' && !/^https?:\/\/[^\s]+$/.test(env.ORDERS_URL))
      out.push(`ORDERS_URL "${env.ORDERS_URL}" must be an http:// or https:// URL`);
    if (missing('ORDERS_URL'))
      out.push(
        'ORDERS_URL is unset: reservations whose checkout died are never released (issue 23 scenario 1)',
      );
    const storage = env.OBJECT_STORAGE ?? 'filesystem';
    if (storage === UNKNOWN) return out;
    if (!['filesystem', 's3'].includes(storage))
      out.push(`OBJECT_STORAGE "${storage}" must be filesystem or s3`);
    if (storage === 'filesystem' && env.NODE_ENV === 'production')
      out.push(
        `OBJECT_STORAGE is ${env.OBJECT_STORAGE === undefined ? 'unset (filesystem)' : 'filesystem'} with NODE_ENV=production: photos would land on the container's own disk (lost with it, not shared between replicas); set OBJECT_STORAGE=s3 with S3_ENDPOINT, S3_PUBLIC_URL, S3_ACCESS_KEY and S3_SECRET_KEY`,
      );
    if (storage === 's3') {
      if (missing('S3_ENDPOINT'))
        out.push('OBJECT_STORAGE=s3 needs S3_ENDPOINT (the S3 API as the service reaches it)');
      if (missing('S3_PUBLIC_URL'))
        out.push(
          'OBJECT_STORAGE=s3 needs S3_PUBLIC_URL (the S3 API as the browser reaches it); without it image and upload URLs name S3_ENDPOINT, which the browser usually cannot reach (repeat it if the browser can)',
        );
      const keys = ['S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter(missing);
      if (keys.length > 0) out.push(`OBJECT_STORAGE=s3 needs ${keys.join(' and ')}`);
    }
    return out;
  },
};

/** messaging and notifications refuse production without Redis (libs/config requireRedisForReplicas). */
function redisForReplicas(app, env, opaque) {
  if (env.NODE_ENV !== 'production' || env.REDIS_URL !== undefined || opaque) return [];
  return [
    `REDIS_URL is unset with NODE_ENV=production: ${app} refuses to start (with more than one replica, real-time events would reach only the sockets of one pod)`,
  ];
}

/**
 * What every app refuses (libs/config loadConfig), the gateway included: an issuer without an
 * audience (identity's embedded provider supplies its own), the dev mailbox in production.
 */
export function commonEnvRule(app, env, { opaque }) {
  const out = [];
  const embeddedIdentity =
    app === 'identity' && (env.IDENTITY_PROVIDER ?? 'embedded') === 'embedded';
  if (
    env.AUTH_ISSUER !== undefined &&
    env.AUTH_AUDIENCE === undefined &&
    !opaque &&
    !embeddedIdentity
  )
    out.push(
      'AUTH_ISSUER is set without AUTH_AUDIENCE: the app refuses to start (an ID token would pass as an access token)',
    );
  if (
    app !== 'gateway' &&
    env.NODE_ENV === 'production' &&
    env.TRUSTED_PROXIES === undefined &&
    !opaque
  )
    out.push(
      "TRUSTED_PROXIES is unset: the service cannot believe the gateway's client address, so every per-IP limit counts the gateway (ADR 0009)",
    );
  if (env.DEV_MAILBOX === 'on' && env.NODE_ENV === 'production')
    out.push(
      'DEV_MAILBOX=on with NODE_ENV=production: the app refuses to start (every mail would be public)',
    );
  out.push(...tracingEnvRule(env));
  return out;
}

/**
 * Tracing (ADR 0040, libs/tracing): the apps send OTLP over HTTP with JSON bodies to
 * `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces`. An endpoint that already ends in /v1/traces, the gRPC
 * port or another protocol would export nothing, silently.
 */
function tracingEnvRule(env) {
  const out = [];
  const endpoint =
    typeof env.OTEL_EXPORTER_OTLP_ENDPOINT === 'string'
      ? env.OTEL_EXPORTER_OTLP_ENDPOINT.trim()
      : '';
  if (endpoint && !endpoint.includes('$')) {
    let url = null;
    try {
      url = new URL(endpoint);
    } catch {
      out.push(`OTEL_EXPORTER_OTLP_ENDPOINT "${endpoint}" is not a URL`);
    }
    if (url && !/^https?:$/.test(url.protocol))
      out.push(
        `OTEL_EXPORTER_OTLP_ENDPOINT "${endpoint}" is not http(s): the apps speak OTLP over HTTP`,
      );
    if (url && /\/v1\/traces\/?$/.test(url.pathname))
      out.push(
        `OTEL_EXPORTER_OTLP_ENDPOINT ends in /v1/traces: the SDK appends it (spans would go to /v1/traces/v1/traces); give the base URL, or the full one as OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`,
      );
    if (url?.port === '4317')
      out.push(
        `OTEL_EXPORTER_OTLP_ENDPOINT names port 4317, OTLP's gRPC port: the apps send OTLP over HTTP (4318)`,
      );
  }
  const protocol = env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (typeof protocol === 'string' && protocol.trim() && protocol.trim() !== 'http/json')
    out.push(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: the apps send http/json only (no gRPC or protobuf exporter is installed)`,
    );
  return out;
}

/** The gateway's management listener (metrics, readiness): never the public port. */
export const gatewayManagementPort = (env) =>
  typeof env.MANAGEMENT_PORT === 'string' ? env.MANAGEMENT_PORT : '9090';

/** `UPSTREAM_<NAME>_URL`, the gateway's variable for the service <name>. */
export const upstreamVar = (service) => `UPSTREAM_${service.toUpperCase().replace(/-/g, '_')}_URL`;

/** The Module Federation remotes in frontends/ (a webpack config that builds remoteEntry.js). */
export function remoteNames(root) {
  const dir = path.join(root, 'frontends');
  if (!isDir(dir)) return [];
  return readdirSync(dir)
    .filter((name) => {
      const config = path.join(dir, name, 'webpack.config.js');
      return existsSync(config) && readFileSync(config, 'utf8').includes("'remoteEntry.js'");
    })
    .sort();
}

/** Messages for a gateway REMOTES_MANIFEST that leaves out a remote (the shell cannot load it). */
export function missingRemotes(root, manifest) {
  if (manifest === undefined) return [];
  let parsed;
  try {
    parsed = JSON.parse(String(manifest));
  } catch {
    return ['REMOTES_MANIFEST is not valid JSON'];
  }
  return remoteNames(root)
    .filter((name) => !isObject(parsed) || !isObject(parsed[name]))
    .map(
      (name) =>
        `REMOTES_MANIFEST has no "${name}" although frontends/${name} is a remote; the shell shows "not available" for its routes`,
    );
}
