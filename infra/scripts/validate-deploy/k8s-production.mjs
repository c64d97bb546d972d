// (b) Kubernetes: what would break first on a real cluster (issue 27), one rule per finding, so
// none can come back: trusted proxies and namespaces set per overlay, signing keys over the
// port the Keycloak CR serves, the realm import's settings from a Secret, Redis wherever
// real-time apps scale out, listeners past the pooler, scraping every app, Kafka watched by
// alerts instead of readiness, the release command, Stripe in the CSP, pinned versions.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { isObject } from './helpers.mjs';
import { matchesLabelSelector } from './kubectl.mjs';

/** Per overlay: what it must set itself, in which generated ConfigMap (never the base's). */
export const OVERLAY_OWNED = [
  { configMap: 'loadout-common', key: 'TRUSTED_PROXIES', why: "the cluster's pod CIDR" },
  { configMap: 'loadout-cluster', key: 'INGRESS_NAMESPACE', why: "the ingress controller's" },
  { configMap: 'loadout-cluster', key: 'MONITORING_NAMESPACE', why: "Prometheus'" },
];
/** Direct (unpooled) connections each pod of an app holds for LISTEN; default 1 (the relay). */
export const DIRECT_CONNECTIONS_PER_POD = { notifications: 2 };
/**
 * The session limits every pooled service role must carry itself (ADR 0048): PgBouncer ignores
 * the `options` startup parameter the apps send them in, so behind a transaction-mode Pooler
 * only `ALTER ROLE <role> SET …` reaches the server sessions. Each with the app's variable and
 * its default in ms (libs/config common-env).
 */
export const ROLE_SESSION_LIMITS = [
  { param: 'lock_timeout', env: 'DB_LOCK_TIMEOUT_MS', defaultMs: 5_000 },
  { param: 'statement_timeout', env: 'DB_STATEMENT_TIMEOUT_MS', defaultMs: 30_000 },
  {
    param: 'idle_in_transaction_session_timeout',
    env: 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    defaultMs: 15_000,
  },
];

/** A PostgreSQL time setting ('5s', '500ms', '1min', 5000) in ms; NaN when unreadable. */
export function settingMs(value) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|min|h|d)?\s*$/.exec(String(value));
  if (!m) return NaN;
  const unit = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 'ms'];
  return Number(m[1]) * unit;
}

/**
 * `ALTER ROLE <role> SET <param> = <value>` statements of a CloudNativePG Cluster's bootstrap
 * SQL (postInitSQL, postInitApplicationSQL, postInitTemplateSQL): role → param → value.
 */
export function roleSettingsOf(cluster) {
  const initdb = cluster?.spec?.bootstrap?.initdb ?? {};
  const statements = [
    ...(initdb.postInitSQL ?? []),
    ...(initdb.postInitApplicationSQL ?? []),
    ...(initdb.postInitTemplateSQL ?? []),
  ];
  const roles = new Map();
  const unquote = (v) => v.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
  for (const sql of statements)
    for (const m of String(sql).matchAll(
      /ALTER\s+ROLE\s+("[^"]+"|[\w$]+)\s+SET\s+([\w.]+)\s*(?:=|\bTO\b)\s*('[^']*'|[^\s;]+)/gi,
    )) {
      const role = unquote(m[1]);
      if (!roles.has(role)) roles.set(role, new Map());
      roles.get(role).set(m[2].toLowerCase(), unquote(m[3]));
    }
  return roles;
}

/** Metrics the alert rules of components/monitoring must use while apps run on Kafka. */
export const KAFKA_ALERT_METRICS = ['loadout_event_consumer_up', 'loadout_event_consumer_lag'];
/** Apps whose real-time events cross replicas through Redis pub/sub. */
const REALTIME_APPS = ['messaging', 'notifications'];
const STRIPE_ORIGINS = [
  'https://js.stripe.com',
  'https://hooks.stripe.com',
  'https://api.stripe.com',
];

const envKeys = (text) =>
  new Set(
    String(text)
      .split('\n')
      .map((l) => /^\s*([A-Z0-9_]+)\s*=/.exec(l)?.[1])
      .filter(Boolean),
  );

/** The keys an overlay's own kustomization.yaml sets in a generated ConfigMap (literals, envs). */
export function overlaySetKeys(overlayDir, configMap) {
  const file = path.join(overlayDir, 'kustomization.yaml');
  if (!existsSync(file)) return new Set();
  const doc = YAML.parse(readFileSync(file, 'utf8')) ?? {};
  const keys = new Set();
  for (const gen of doc.configMapGenerator ?? []) {
    if (gen?.name !== configMap) continue;
    for (const literal of gen.literals ?? []) keys.add(String(literal).split('=')[0].trim());
    for (const envFile of gen.envs ?? []) {
      const abs = path.join(overlayDir, envFile);
      if (existsSync(abs)) for (const k of envKeys(readFileSync(abs, 'utf8'))) keys.add(k);
    }
  }
  return keys;
}

/** The Services the Keycloak Operator makes for each Keycloak CR: `<name>-service`. */
export function keycloakServices(objects) {
  return objects
    .filter((o) => o.kind === 'Keycloak' && String(o.apiVersion).startsWith('k8s.keycloak.org/'))
    .map((kc) => {
      const http = kc.spec?.http ?? {};
      const ports = [Number(http.httpsPort ?? 8443)];
      if (http.httpEnabled === true) ports.push(Number(http.httpPort ?? 8080));
      return { kc, name: `${kc.metadata.name}-service`, ports, http };
    });
}

/** The image tag of `repo` (last path segment `name`), or undefined. */
const tagOf = (image, name) => {
  const m = new RegExp(`(?:^|/)${name}:([^@\\s]+)`).exec(String(image ?? ''));
  return m?.[1];
};

export function checkProductionRendered(ctx) {
  const { overlayLabel, root, objects, byKind, report, resolveEnv, appOf, sameNs } = ctx;
  const deployments = byKind('Deployment');
  const hpas = byKind('HorizontalPodAutoscaler');
  const containersOf = (w) => w.spec?.template?.spec?.containers ?? [];
  const podLabels = (w) => w.spec?.template?.metadata?.labels ?? {};
  const component = (w) => podLabels(w)['app.kubernetes.io/component'];
  const isApp = (w) => ['gateway', 'service'].includes(component(w));
  const maxReplicas = (d) => {
    const hpa = hpas.find((h) => h.spec?.scaleTargetRef?.name === d.metadata.name && sameNs(h, d));
    return Number(hpa ? (hpa.spec?.maxReplicas ?? 1) : (d.spec?.replicas ?? 1));
  };
  const envOf = (w) => {
    const c = containersOf(w)[0];
    return c ? resolveEnv(w, c).env : {};
  };

  // Item 1 and 11: what differs per cluster is each overlay's own, never inherited.
  const overlayDir = path.join(root, overlayLabel);
  for (const { configMap, key, why } of OVERLAY_OWNED)
    if (!overlaySetKeys(overlayDir, configMap).has(key))
      ctx.error(
        overlayLabel,
        `kustomization.yaml does not set ${key} (${why}) in ConfigMap ${configMap}: it differs per cluster, so an inherited value is a guess (a kind default makes one rate-limit bucket of every visitor); set it in this overlay (k8s/README.md lists it per platform)`,
      );
  for (const d of deployments.filter(isApp)) {
    const env = envOf(d);
    if (env.NODE_ENV === 'production' && env.TRUSTED_PROXIES === undefined)
      report(
        d,
        'TRUSTED_PROXIES is unset: behind the ingress every visitor counts as the ingress pod (one rate-limit bucket for everyone)',
      );
  }

  // Item 2: the signing keys over the port and scheme the Keycloak CR actually serves.
  const kcServices = keycloakServices(objects);
  for (const w of [...deployments, ...byKind('Job')])
    for (const c of containersOf(w)) {
      const { env } = resolveEnv(w, c);
      if (typeof env.AUTH_JWKS_URL !== 'string') continue;
      let url;
      try {
        url = new URL(env.AUTH_JWKS_URL);
      } catch {
        report(w, `container ${c.name}: AUTH_JWKS_URL "${env.AUTH_JWKS_URL}" is not a URL`);
        continue;
      }
      const host = url.hostname.split('.')[0];
      const svc = kcServices.find((k) => k.name === host && sameNs(k.kc, w));
      if (!svc) continue;
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      const httpPort = Number(svc.http.httpPort ?? 8080);
      const httpsPort = Number(svc.http.httpsPort ?? 8443);
      if (url.protocol === 'http:' && (svc.http.httpEnabled !== true || port !== httpPort))
        report(
          w,
          `container ${c.name}: AUTH_JWKS_URL ${env.AUTH_JWKS_URL} is plain HTTP on ${port}, but Keycloak/${svc.kc.metadata.name} serves ${svc.http.httpEnabled === true ? `HTTP on ${httpPort}` : `only HTTPS on ${httpsPort} (spec.http.httpEnabled is not true)`}`,
        );
      if (url.protocol === 'https:' && port !== httpsPort)
        report(
          w,
          `container ${c.name}: AUTH_JWKS_URL ${env.AUTH_JWKS_URL} uses port ${port}; Keycloak/${svc.kc.metadata.name} serves HTTPS on ${httpsPort}`,
        );
    }
  if (kcServices.length === 0)
    for (const d of deployments.filter(isApp)) {
      const host = /^https?:\/\/([^/:.]+-service)[.:/]/.exec(String(envOf(d).AUTH_JWKS_URL ?? ''));
      if (host)
        report(
          d,
          `AUTH_JWKS_URL names ${host[1]}, a Keycloak Operator Service, but no Keycloak CR is rendered: ship components/keycloak or point it at your identity provider`,
        );
    }

  // Item 3: the production realm takes every placeholder from a Secret, never a default.
  for (const ri of byKind('KeycloakRealmImport')) {
    const text = JSON.stringify(ri.spec?.realm ?? {});
    const placeholders = ri.spec?.placeholders ?? {};
    for (const m of text.matchAll(/\$\{(LOADOUT_[A-Z0-9_]+)(:[^}]*)?\}/g)) {
      if (m[2] !== undefined)
        report(
          ri,
          `realm placeholder ${m[0]} keeps its default (a development value); render it with node infra/keycloak/realm-import.mjs --write`,
        );
      else if (!isObject(placeholders[m[1]]?.secret))
        report(
          ri,
          `realm placeholder \${${m[1]}} has no spec.placeholders entry from a Secret: the import would keep the literal text`,
        );
    }
    for (const p of Object.values(placeholders))
      if (p?.secret?.name) ctx.needSecret(p.secret.name, p.secret.key, false);
  }
  for (const kc of kcServices)
    if (kc.kc.spec?.ingress?.tlsSecret)
      ctx.needSecret(kc.kc.spec.ingress.tlsSecret, 'tls.crt/tls.key (cert-manager)', true);

  // Item 5: real-time apps that scale out need Redis, and Redis (like every Deployment) a PDB.
  const services = byKind('Service');
  for (const d of deployments) {
    const app = appOf(containersOf(d)[0] ?? {});
    if (!REALTIME_APPS.includes(app) || maxReplicas(d) <= 1) continue;
    const redis = envOf(d).REDIS_URL;
    const host = /^rediss?:\/\/(?:[^@/]*@)?([a-z0-9-]+)(?::\d+)?\/?/.exec(String(redis ?? ''));
    if (redis === undefined)
      report(
        d,
        `runs up to ${maxReplicas(d)} replicas without REDIS_URL: a real-time event reaches only the sockets of the pod that sent it`,
      );
    else if (host && !host[1].includes('.') && !services.some((s) => s.metadata.name === host[1]))
      report(d, `REDIS_URL names Service "${host[1]}", which is not in the rendered output`);
  }
  const pdbs = byKind('PodDisruptionBudget');
  for (const d of deployments)
    if (!pdbs.some((p) => sameNs(p, d) && matchesLabelSelector(p.spec?.selector, podLabels(d))))
      report(d, 'no PodDisruptionBudget covers its pods');

  // Item 6: LISTEN past PgBouncer in transaction mode.
  const txPoolers = byKind('Pooler').filter((p) => p.spec?.pgbouncer?.poolMode === 'transaction');
  if (txPoolers.length > 0)
    for (const d of deployments.filter((x) => component(x) === 'service'))
      for (const c of containersOf(d))
        if (!(c.env ?? []).some((e) => e.name === 'DATABASE_DIRECT_URL'))
          report(
            d,
            `container ${c.name} has no DATABASE_DIRECT_URL: behind Pooler/${txPoolers[0].metadata.name} (transaction mode) its LISTEN never fires, so the outbox relay falls back to polling and pushes never fire`,
          );

  // ADR 0048: behind that pooler only role settings carry the session limits.
  const pooled = txPoolers[0];
  const pgCluster = pooled
    ? byKind('Cluster').find(
        (c) =>
          String(c.apiVersion).startsWith('postgresql.cnpg.io/') &&
          c.metadata?.name === pooled.spec?.cluster?.name &&
          sameNs(c, pooled),
      )
    : undefined;
  if (pgCluster) {
    const settings = roleSettingsOf(pgCluster);
    for (const d of deployments.filter((x) => component(x) === 'service')) {
      const role = appOf(containersOf(d)[0] ?? {});
      const env = envOf(d);
      for (const limit of ROLE_SESSION_LIMITS) {
        const want = env[limit.env] !== undefined ? Number(env[limit.env]) : limit.defaultMs;
        const have = settings.get(role)?.get(limit.param);
        if (have === undefined)
          report(
            d,
            `role ${role} has no ${limit.param} of its own (ALTER ROLE ${role} SET ${limit.param} in Cluster/${pgCluster.metadata.name} spec.bootstrap.initdb.postInitSQL): behind Pooler/${pooled.metadata.name} PgBouncer drops the limit the app sends at connect, so its sessions run without it`,
          );
        else if (settingMs(have) !== want)
          report(
            d,
            `role ${role} has ${limit.param} = '${have}' in Cluster/${pgCluster.metadata.name}, but the app's ${limit.env} is ${want} ms: behind Pooler/${pooled.metadata.name} the role's value is the one that holds`,
          );
      }
    }
  }

  // Item 7: every app scraped on its management port, which the policies open to monitoring.
  const policies = byKind('NetworkPolicy');
  const monitors = [...byKind('PodMonitor'), ...byKind('ServiceMonitor')];
  for (const d of deployments.filter(isApp)) {
    const [c] = containersOf(d);
    const mgmt = (c?.ports ?? []).find((p) => p.name === 'management');
    if (!mgmt) {
      report(d, 'declares no "management" port: its /metrics cannot be scraped apart from the API');
      continue;
    }
    const env = envOf(d);
    if (env.MANAGEMENT_PORT !== undefined && Number(env.MANAGEMENT_PORT) !== mgmt.containerPort)
      report(
        d,
        `MANAGEMENT_PORT ${env.MANAGEMENT_PORT} is not its "management" port ${mgmt.containerPort}`,
      );
    const readiness = c.readinessProbe?.httpGet?.port;
    if (readiness !== undefined && readiness !== 'management' && readiness !== mgmt.containerPort)
      report(d, 'readinessProbe must use the management port: /health/ready answers only there');
    const opened = policies.some(
      (p) =>
        sameNs(p, d) &&
        matchesLabelSelector(p.spec?.podSelector, podLabels(d)) &&
        (p.spec?.ingress ?? []).some(
          (rule) =>
            (rule.from ?? []).some((peer) => isObject(peer.namespaceSelector)) &&
            (rule.ports ?? []).some(
              (pt) => pt.port === 'management' || pt.port === mgmt.containerPort,
            ),
        ),
    );
    if (!opened)
      report(
        d,
        'no NetworkPolicy opens its management port to the monitoring namespace: Prometheus cannot scrape it',
      );
    const scraped = monitors.some(
      (m) =>
        sameNs(m, d) &&
        matchesLabelSelector(m.spec?.selector, podLabels(d)) &&
        [...(m.spec?.podMetricsEndpoints ?? []), ...(m.spec?.endpoints ?? [])].some(
          (e) => e.port === 'management',
        ),
    );
    if (!scraped) report(d, 'no PodMonitor or ServiceMonitor scrapes its "management" port');
  }

  // Item 9: Kafka is watched by alerts, since readiness no longer asks it.
  if (deployments.some((d) => envOf(d).EVENT_TRANSPORT === 'kafka')) {
    const rules = JSON.stringify(byKind('PrometheusRule').map((r) => r.spec ?? {}));
    for (const metric of KAFKA_ALERT_METRICS)
      if (!rules.includes(metric))
        ctx.error(
          overlayLabel,
          `apps run on Kafka but no PrometheusRule alerts on ${metric}: readiness ignores Kafka, so a stalled consumer would go unnoticed`,
        );
  }

  // Item 4: the gateway's CSP must admit the processor orders uses.
  const providerOf = (name) =>
    deployments
      .filter((d) => appOf(containersOf(d)[0] ?? {}) === name)
      .map((d) => envOf(d).PAYMENTS_PROVIDER ?? 'simulated');
  const orders = providerOf('orders');
  for (const gw of deployments.filter((d) => appOf(containersOf(d)[0] ?? {}) === 'gateway'))
    for (const provider of orders)
      if ((envOf(gw).PAYMENTS_PROVIDER ?? 'simulated') !== provider)
        report(
          gw,
          `PAYMENTS_PROVIDER is ${envOf(gw).PAYMENTS_PROVIDER ?? 'unset (simulated)'} but orders uses ${provider}: ${provider === 'stripe' ? `its CSP would block Stripe.js (${STRIPE_ORIGINS.join(', ')}) and checkout could not load` : 'its CSP admits a processor nobody uses'}`,
        );

  // Item 8: the release command deletes every migration Job (immutable pod templates).
  checkReleaseCommand(ctx, byKind('Job'));

  // Item 10: one version of Postgres, Keycloak and Redis everywhere.
  checkPinnedVersions(ctx, objects);
}

/**
 * k8s/README.md's release command: a `kubectl … delete job` that names Jobs must name every
 * rendered migration Job (a forgotten one makes `apply` fail on its immutable template, and new
 * pods meet the old schema); a label selector over app.kubernetes.io/component=migration does.
 */
function checkReleaseCommand(ctx, jobs) {
  const readme = path.join(ctx.root, 'k8s/README.md');
  if (!existsSync(readme)) return;
  const migrations = jobs.filter(
    (j) => j.metadata?.labels?.['app.kubernetes.io/component'] === 'migration',
  );
  for (const j of jobs)
    if (/-migrate$/.test(j.metadata?.name ?? '') && !migrations.includes(j))
      ctx.report(
        j,
        'is a migration Job without the label app.kubernetes.io/component=migration, which the release command selects',
      );
  for (const line of readFileSync(readme, 'utf8').split('\n')) {
    const m = /\bkubectl\b.*\bdelete\s+jobs?\b(.*)$/.exec(line);
    if (!m) continue;
    const args = m[1].replace(/#.*$/, '').trim().split(/\s+/).filter(Boolean);
    if (args.some((a) => /^(-l|--selector)(=|$)/.test(a))) {
      if (!m[1].includes('app.kubernetes.io/component=migration'))
        ctx.error('k8s/README.md', `release command selects Jobs by another label: ${line.trim()}`);
      continue;
    }
    const named = new Set(args.filter((a) => !a.startsWith('-') && !a.startsWith('$')));
    const missing = migrations.map((j) => j.metadata.name).filter((n) => !named.has(n));
    if (missing.length > 0)
      ctx.error(
        'k8s/README.md',
        `the release command deletes ${[...named].join(', ') || 'no Job'} but not ${missing.join(', ')} (${ctx.overlayLabel}): apply fails on the immutable Job and new pods meet the old schema; select -l app.kubernetes.io/component=migration`,
      );
  }
}

/** Postgres, Keycloak and Redis versions agree across compose, k8s and the JVM launchers. */
function checkPinnedVersions(ctx, objects) {
  const composeFile = path.join(ctx.root, 'docker-compose.yml');
  const compose = existsSync(composeFile)
    ? (YAML.parse(readFileSync(composeFile, 'utf8'), { merge: true, maxAliasCount: -1 })
        ?.services ?? {})
    : {};
  const composeTag = (name) =>
    Object.values(compose)
      .map((s) => tagOf(s?.image, name))
      .find(Boolean);
  const read = (file) =>
    existsSync(path.join(ctx.root, file)) ? readFileSync(path.join(ctx.root, file), 'utf8') : '';
  const pins = [];
  for (const c of objects.filter(
    (o) => o.kind === 'Cluster' && String(o.apiVersion).startsWith('postgresql.cnpg.io/'),
  ))
    pins.push([
      'PostgreSQL',
      `Cluster/${c.metadata.name}`,
      tagOf(c.spec?.imageName, 'postgresql'),
      'docker-compose.yml postgres',
      composeTag('postgres'),
    ]);
  for (const kc of objects.filter((o) => o.kind === 'Keycloak')) {
    const tag = tagOf(kc.spec?.image, 'keycloak');
    pins.push([
      'Keycloak',
      `Keycloak/${kc.metadata.name}`,
      tag,
      'docker-compose.yml keycloak',
      composeTag('keycloak'),
    ]);
    pins.push([
      'Keycloak',
      `Keycloak/${kc.metadata.name}`,
      tag,
      'infra/jvm/pom.xml',
      /<keycloak\.version>([^<]+)</.exec(read('infra/jvm/pom.xml'))?.[1],
    ]);
    pins.push([
      'Keycloak',
      `Keycloak/${kc.metadata.name}`,
      tag,
      'infra/keycloak/server.mjs',
      /KEYCLOAK_VERSION \?\? '([^']+)'/.exec(read('infra/keycloak/server.mjs'))?.[1],
    ]);
  }
  for (const d of objects.filter((o) => o.kind === 'Deployment'))
    for (const c of d.spec?.template?.spec?.containers ?? []) {
      const tag = tagOf(c.image, 'redis');
      if (tag)
        pins.push([
          'Redis',
          `Deployment/${d.metadata.name}`,
          tag,
          'docker-compose.yml redis',
          composeTag('redis'),
        ]);
    }
  for (const [what, k8s, k8sTag, other, otherTag] of pins) {
    if (!k8sTag || !otherTag) continue;
    if (k8sTag !== otherTag)
      ctx.error(
        ctx.overlayLabel,
        `${what} ${k8s} runs ${k8sTag} but ${other} ${otherTag}: pin one version (minor included) everywhere`,
      );
    else if (!/^\d+\.\d+/.test(k8sTag))
      ctx.error(ctx.overlayLabel, `${what} ${k8s} is pinned to ${k8sTag} only: pin the minor`);
  }
}
