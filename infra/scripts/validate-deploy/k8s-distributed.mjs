// (b) Kubernetes, distributed mode: Strimzi, sync waves and the distributed-only objects.

import { DIRECT_CONNECTIONS_PER_POD } from './k8s-production.mjs';

// ------------------------------------------------------------------------- distributed mode
/** Strimzi 1.0 and later serve only this API version (v1beta2 was removed). */
export const STRIMZI_API = 'kafka.strimzi.io/v1';
/** Kafka versions current Strimzi (1.2) supports; keep in step with its release notes. */
export const STRIMZI_KAFKA_VERSIONS = ['4.2.0', '4.2.1', '4.3.0', '4.3.1'];
export const wave = (obj) =>
  Number(obj.metadata?.annotations?.['argocd.argoproj.io/sync-wave'] ?? 0);

/**
 * What a real deployment of the distributed mode got wrong before (issue 10): Strimzi API and
 * Kafka version, signing keys fetched through the public URL, /metrics reachable through the
 * Ingress, migrations racing the new pods, and PostgreSQL connections beyond max_connections.
 */
export function checkDistributedRendered({ objects, byKind, report, resolveEnv, appOf, sameNs }) {
  for (const o of objects.filter((x) => String(x.apiVersion).startsWith('kafka.strimzi.io/')))
    if (o.apiVersion !== STRIMZI_API)
      report(o, `uses ${o.apiVersion}; Strimzi 1.0 and later serve only ${STRIMZI_API}`);
  for (const k of byKind('Kafka')) {
    const version = String(k.spec?.kafka?.version ?? '');
    if (!STRIMZI_KAFKA_VERSIONS.includes(version))
      report(
        k,
        `Kafka ${version || '(unset)'} is not a version current Strimzi supports (${STRIMZI_KAFKA_VERSIONS.join(', ')})`,
      );
  }

  const workloads = [...byKind('Deployment'), ...byKind('Job')];
  const containersOf = (w) => w.spec?.template?.spec?.containers ?? [];
  for (const w of workloads)
    for (const c of containersOf(w)) {
      const { env } = resolveEnv(w, c);
      if (typeof env.AUTH_ISSUER === 'string' && env.AUTH_JWKS_URL === undefined)
        report(
          w,
          `container ${c.name}: AUTH_ISSUER is set but AUTH_JWKS_URL is not, so signing keys are fetched through the public issuer URL (out through the ingress and back); point AUTH_JWKS_URL at the identity provider's in-cluster Service`,
        );
    }

  // /metrics: the gateway must serve it on a port of its own that no Ingress reaches.
  for (const ing of byKind('Ingress'))
    for (const rule of ing.spec?.rules ?? [])
      for (const p of rule.http?.paths ?? []) {
        const svc = byKind('Service').find(
          (s) => s.metadata.name === p.backend?.service?.name && sameNs(s, ing),
        );
        if (!svc) continue;
        const svcPort = (svc.spec?.ports ?? []).find(
          (sp) =>
            sp.name === p.backend.service.port?.name || sp.port === p.backend.service.port?.number,
        );
        const pods = byKind('Deployment').filter((d) =>
          Object.entries(svc.spec?.selector ?? {}).every(
            ([k, v]) => d.spec?.template?.metadata?.labels?.[k] === v,
          ),
        );
        for (const d of pods)
          for (const c of containersOf(d)) {
            if (appOf(c) !== 'gateway') continue;
            const ports = c.ports ?? [];
            const target = ports.find(
              (cp) => cp.name === svcPort?.targetPort || cp.containerPort === svcPort?.targetPort,
            );
            if (!ports.some((cp) => cp.name === 'management'))
              report(
                ing,
                `path ${p.path} reaches the gateway, which has no separate "management" port: its /metrics would be public`,
              );
            else if (target?.name === 'management')
              report(ing, `path ${p.path} routes to the gateway's management port (/metrics)`);
          }
      }

  // Migrations before new pods: not a PreSync hook (the hash-named ConfigMaps it reads do not
  // exist yet then); an earlier sync wave than the Deployments and later than its ConfigMaps.
  const migrations = byKind('Job').filter(
    (j) => j.metadata?.labels?.['app.kubernetes.io/component'] === 'migration',
  );
  for (const job of migrations) {
    const hook = job.metadata?.annotations?.['argocd.argoproj.io/hook'];
    if (hook === 'PreSync')
      report(
        job,
        'is an Argo CD PreSync hook, which runs before the sync creates the (hash-named) ConfigMaps it reads; use a Sync hook in an earlier sync wave',
      );
    const app = job.metadata.name.replace(/-migrate$/, '');
    const deployment = byKind('Deployment').find((d) => d.metadata.name === app && sameNs(d, job));
    if (deployment && !(wave(job) < wave(deployment)))
      report(
        job,
        `sync wave ${wave(job)} is not before Deployment/${app}'s (${wave(deployment)}): new pods could start on the old schema`,
      );
    for (const c of containersOf(job))
      for (const ef of c.envFrom ?? []) {
        const cm = byKind('ConfigMap').find(
          (x) => x.metadata.name === ef.configMapRef?.name && sameNs(x, job),
        );
        if (cm && !(wave(cm) < wave(job)))
          report(
            job,
            `reads ConfigMap/${cm.metadata.name} (sync wave ${wave(cm)}), which is not created in an earlier wave than the Job (${wave(job)})`,
          );
      }
  }

  // PostgreSQL connections: through a CloudNativePG Pooler, within max_connections, counting
  // what bypasses it (issue 27): each app pod's LISTEN connections (DATABASE_DIRECT_URL) at the
  // HPA maximum, Keycloak's JDBC pools, and the migration Jobs.
  const clusters = byKind('Cluster').filter((c) =>
    String(c.apiVersion).startsWith('postgresql.cnpg.io/'),
  );
  const poolers = byKind('Pooler').filter((p) =>
    String(p.apiVersion).startsWith('postgresql.cnpg.io/'),
  );
  const keycloaks = byKind('Keycloak');
  const directDatabases = new Set(keycloaks.map((k) => k.spec?.db?.database).filter(Boolean));
  const maxReplicas = (d) => {
    const hpa = byKind('HorizontalPodAutoscaler').find(
      (h) => h.spec?.scaleTargetRef?.name === d.metadata.name && sameNs(h, d),
    );
    return Number(hpa ? (hpa.spec?.maxReplicas ?? 1) : (d.spec?.replicas ?? 1));
  };
  const listeners = byKind('Deployment')
    .filter((d) =>
      containersOf(d).some((c) => (c.env ?? []).some((e) => e.name === 'DATABASE_DIRECT_URL')),
    )
    .reduce(
      (n, d) =>
        n + maxReplicas(d) * (DIRECT_CONNECTIONS_PER_POD[appOf(containersOf(d)[0] ?? {})] ?? 1),
      0,
    );
  const keycloakPools = keycloaks.reduce(
    (n, k) => n + Number(k.spec?.instances ?? 1) * Number(k.spec?.db?.poolMaxSize ?? 100),
    0,
  );
  for (const cluster of clusters) {
    const mine = poolers.filter((p) => p.spec?.cluster?.name === cluster.metadata.name);
    if (mine.length === 0) {
      report(
        cluster,
        'has no Pooler: every pod opens its own connections, and HPA maxima x pool size exceed max_connections',
      );
      continue;
    }
    const max = Number(cluster.spec?.postgresql?.parameters?.max_connections ?? 100);
    const reserved = Number(
      cluster.spec?.postgresql?.parameters?.superuser_reserved_connections ?? 3,
    );
    const databases = byKind('Database').filter(
      (d) => d.spec?.cluster?.name === cluster.metadata.name && !directDatabases.has(d.spec?.name),
    ).length;
    const pooled = mine.reduce(
      (n, p) =>
        n +
        Number(p.spec?.instances ?? 1) *
          Number(p.spec?.pgbouncer?.parameters?.default_pool_size ?? 20) *
          Math.max(databases, 1),
      0,
    );
    // A migration Job holds up to two connections while it runs.
    const direct = migrations.length * 2;
    if (pooled + listeners + keycloakPools + direct > max - reserved)
      report(
        cluster,
        `connections: poolers ${pooled} (instances x default_pool_size x ${databases} databases) + listeners ${listeners} (HPA maxima x direct connections per pod) + Keycloak ${keycloakPools} + migrations ${direct} exceed max_connections ${max} - ${reserved} reserved`,
      );
  }
}
