// (b) Kubernetes: the checks over one rendered overlay.
// Over 400 lines on purpose: `checkRendered` is one pass over the overlay's objects whose checks
// share the indexes it builds (by kind, by name, selectors, env resolution); splitting it means
// passing those indexes around first, a follow-up rather than part of the move.

import {
  APP_ENV_RULES,
  UNKNOWN,
  commonEnvRule,
  gatewayManagementPort,
  missingRemotes,
  upstreamVar,
} from './deploy-rules.mjs';
import { SCRIPT_ROOT, isObject } from './helpers.mjs';
import { checkDistributedRendered } from './k8s-distributed.mjs';
import { checkNetworkPolicies } from './k8s-network.mjs';
import { checkProductionRendered, keycloakServices } from './k8s-production.mjs';
import { CLUSTER_SCOPED, DNS_LABEL, DNS_SUBDOMAIN, matchesSelector } from './kubectl.mjs';
import { error, note, warn } from './report.mjs';

export function checkRendered(overlayLabel, objects, topicNames, root = SCRIPT_ROOT) {
  const report = (obj, message) => {
    const origin = obj.__origin ? ` (${obj.__origin})` : '';
    error(overlayLabel, `${obj.kind}/${obj.metadata?.name ?? '?'}${origin}: ${message}`);
  };
  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  const sameNs = (a, b) => (a.metadata?.namespace ?? '') === (b.metadata?.namespace ?? '');
  const configMaps = byKind('ConfigMap');
  const externalSecrets = new Map();
  const needSecret = (name, key, optional) => {
    if (!name || objects.some((o) => o.kind === 'Secret' && o.metadata?.name === name)) return;
    const entry = externalSecrets.get(name) ?? { keys: new Set(), optional: true };
    if (key) entry.keys.add(key);
    entry.optional &&= Boolean(optional);
    externalSecrets.set(name, entry);
  };

  // identity of every object
  const seen = new Set();
  for (const obj of objects) {
    if (!obj.apiVersion) report(obj, 'has no apiVersion');
    if (!obj.kind) report(obj, 'has no kind');
    const name = obj.metadata?.name;
    if (!name) {
      report(obj, 'has no metadata.name');
      continue;
    }
    const pattern = ['Service', 'Namespace'].includes(obj.kind) ? DNS_LABEL : DNS_SUBDOMAIN;
    if (!pattern.test(name)) report(obj, `metadata.name "${name}" is not a valid Kubernetes name`);
    if (!CLUSTER_SCOPED.has(obj.kind) && !obj.metadata.namespace)
      report(obj, 'has no namespace (the overlay should set `namespace:`)');
    const key = `${obj.apiVersion}|${obj.kind}|${obj.metadata.namespace ?? ''}|${name}`;
    if (seen.has(key)) report(obj, 'is defined twice');
    seen.add(key);
  }

  /** The app a container runs: its image's name without registry and tag (loadout/fields:1 -> fields). */
  const appOf = (c) =>
    String(c.image ?? '')
      .split('/')
      .pop()
      .replace(/[@:].*$/, '');
  /** The environment a container ends up with (ConfigMaps resolved); opaque when a Secret adds keys. */
  const resolveEnv = (owner, c) => {
    const env = {};
    let opaque = false;
    for (const ef of c.envFrom ?? []) {
      if (ef.secretRef) opaque = true;
      const cm = ef.configMapRef
        ? configMaps.find((x) => x.metadata.name === ef.configMapRef.name && sameNs(x, owner))
        : undefined;
      for (const [k, v] of Object.entries(cm?.data ?? {}))
        env[`${ef.prefix ?? ''}${k}`] = String(v);
    }
    for (const e of c.env ?? []) {
      if (e.value !== undefined) env[e.name] = String(e.value);
      else if (e.valueFrom?.configMapKeyRef) {
        const ref = e.valueFrom.configMapKeyRef;
        const cm = configMaps.find((x) => x.metadata.name === ref.name && sameNs(x, owner));
        const v = cm?.data?.[ref.key];
        if (v !== undefined) env[e.name] = String(v);
        else if (!ref.optional) env[e.name] = UNKNOWN;
      } else if (e.valueFrom) env[e.name] = UNKNOWN; // a Secret or the downward API
    }
    return { env, opaque };
  };
  /** Checked by APP_ENV_RULES. */
  const checkAppEnv = (owner, where, c) => {
    const { env, opaque } = resolveEnv(owner, c);
    for (const message of commonEnvRule(appOf(c), env, { opaque }))
      report(owner, `${where}: ${message}`);
    if (appOf(c) === 'gateway') checkGatewayManagement(owner, where, c, env);
    const rule = APP_ENV_RULES[appOf(c)];
    if (!rule) return;
    for (const message of rule(env, { opaque })) report(owner, `${where}: ${message}`);
  };
  /** Readiness and scraping on the management port; the public Service never exposes it. */
  const checkGatewayManagement = (owner, where, c, env) => {
    const mgmt = Number(gatewayManagementPort(env));
    const portNumber = (p) =>
      typeof p === 'number' ? p : (c.ports ?? []).find((x) => x.name === p)?.containerPort;
    const readiness = c.readinessProbe?.httpGet;
    if (readiness && portNumber(readiness.port) !== mgmt)
      report(
        owner,
        `${where} readinessProbe must use the management port ${mgmt} (MANAGEMENT_PORT): the gateway answers /health/ready only there`,
      );
    if (!(c.ports ?? []).some((p) => p.containerPort === mgmt))
      report(owner, `${where} does not declare its management port ${mgmt} (MANAGEMENT_PORT)`);
    const scrapePort = owner.spec?.template?.metadata?.annotations?.['prometheus.io/port'];
    if (scrapePort !== undefined && Number(scrapePort) !== mgmt)
      report(
        owner,
        `prometheus.io/port ${scrapePort}: the gateway serves /metrics only on its management port ${mgmt}`,
      );
  };

  const checkPod = (owner, podSpec, { probes }) => {
    if (!isObject(podSpec)) {
      report(owner, 'has no pod template spec');
      return;
    }
    const podSc = podSpec.securityContext ?? {};
    const volumes = new Map((podSpec.volumes ?? []).map((v) => [v.name, v]));
    for (const v of volumes.values()) {
      if (
        v.configMap &&
        !v.configMap.optional &&
        !configMaps.some((c) => c.metadata.name === v.configMap.name && sameNs(c, owner))
      ) {
        report(
          owner,
          `volume "${v.name}" mounts ConfigMap "${v.configMap.name}", which is not in the rendered output`,
        );
      }
      if (v.secret) needSecret(v.secret.secretName, undefined, v.secret.optional);
    }
    const containers = podSpec.containers ?? [];
    if (containers.length === 0) report(owner, 'has no containers');
    for (const [kindOfContainer, list] of [
      ['container', containers],
      ['init container', podSpec.initContainers ?? []],
    ]) {
      for (const c of list) {
        const where = `${kindOfContainer} "${c.name}"`;
        const image = String(c.image ?? '');
        const last = image.split('/').pop();
        if (!image) report(owner, `${where} has no image`);
        else if (!last.includes(':') && !last.includes('@'))
          report(owner, `${where} image "${image}" has no tag (set it in the overlay's images:)`);
        else if (/:latest$/.test(image)) report(owner, `${where} image "${image}" uses :latest`);

        const res = c.resources ?? {};
        const missing = [];
        if (!res.requests?.cpu) missing.push('requests.cpu');
        if (!res.requests?.memory) missing.push('requests.memory');
        if (!res.limits?.memory) missing.push('limits.memory');
        if (missing.length)
          report(owner, `${where} has no resources.${missing.join(', resources.')}`);

        if (probes && kindOfContainer === 'container') {
          for (const probe of ['readinessProbe', 'livenessProbe']) {
            if (!isObject(c[probe])) report(owner, `${where} has no ${probe}`);
          }
          for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
            const port = c[probe]?.httpGet?.port ?? c[probe]?.tcpSocket?.port;
            if (typeof port === 'string' && !(c.ports ?? []).some((p) => p.name === port)) {
              report(
                owner,
                `${where} ${probe} uses port "${port}", which the container does not declare`,
              );
            }
          }
        }

        const sc = c.securityContext ?? {};
        const runAsNonRoot = sc.runAsNonRoot ?? podSc.runAsNonRoot;
        const runAsUser = sc.runAsUser ?? podSc.runAsUser;
        if (runAsNonRoot !== true)
          report(owner, `${where} does not set securityContext.runAsNonRoot: true`);
        else if (!Number.isInteger(runAsUser) || runAsUser === 0) {
          report(
            owner,
            `${where} sets runAsNonRoot without a numeric non-zero runAsUser; the kubelet cannot verify a named USER and refuses to start it`,
          );
        }
        if (sc.readOnlyRootFilesystem !== true)
          report(owner, `${where} does not set securityContext.readOnlyRootFilesystem: true`);
        else if (!(c.volumeMounts ?? []).some((m) => m.mountPath === '/tmp'))
          report(owner, `${where} has a read-only root filesystem but no volume mounted at /tmp`);
        if (sc.allowPrivilegeEscalation !== false)
          warn(
            overlayLabel,
            `${owner.kind}/${owner.metadata.name}: ${where} should set allowPrivilegeEscalation: false`,
          );

        for (const m of c.volumeMounts ?? [])
          if (!volumes.has(m.name))
            report(owner, `${where} mounts volume "${m.name}", which the pod does not define`);

        for (const ef of c.envFrom ?? []) {
          if (
            ef.configMapRef &&
            !ef.configMapRef.optional &&
            !configMaps.some((cm) => cm.metadata.name === ef.configMapRef.name && sameNs(cm, owner))
          ) {
            report(
              owner,
              `${where} envFrom ConfigMap "${ef.configMapRef.name}" is not in the rendered output`,
            );
          }
          if (ef.secretRef) needSecret(ef.secretRef.name, '(all keys)', ef.secretRef.optional);
        }
        checkAppEnv(owner, where, c);
        for (const e of c.env ?? []) {
          const cmRef = e.valueFrom?.configMapKeyRef;
          if (cmRef && !cmRef.optional) {
            const cm = configMaps.find((x) => x.metadata.name === cmRef.name && sameNs(x, owner));
            if (!cm)
              report(
                owner,
                `${where} env ${e.name} reads ConfigMap "${cmRef.name}", which is not in the rendered output`,
              );
            else if (!(cmRef.key in (cm.data ?? {})))
              report(
                owner,
                `${where} env ${e.name} reads key "${cmRef.key}", which ConfigMap "${cmRef.name}" lacks`,
              );
          }
          const sRef = e.valueFrom?.secretKeyRef;
          if (sRef) needSecret(sRef.name, sRef.key, sRef.optional);
        }
      }
    }
  };

  const deployments = byKind('Deployment');
  const hpas = byKind('HorizontalPodAutoscaler');
  for (const d of deployments) {
    const selector = d.spec?.selector?.matchLabels;
    const labels = d.spec?.template?.metadata?.labels;
    if (!matchesSelector(selector, labels))
      report(d, 'spec.selector.matchLabels is empty or does not match the pod template labels');
    checkPod(d, d.spec?.template?.spec, { probes: true });
    const scaled = hpas.some(
      (h) =>
        h.spec?.scaleTargetRef?.kind === 'Deployment' &&
        h.spec.scaleTargetRef.name === d.metadata.name &&
        sameNs(h, d),
    );
    if (scaled && d.spec?.replicas !== undefined)
      warn(
        overlayLabel,
        `Deployment/${d.metadata.name}: sets replicas although an HPA scales it; every apply resets the count`,
      );
  }
  for (const j of byKind('Job')) {
    const restart = j.spec?.template?.spec?.restartPolicy;
    if (!['Never', 'OnFailure'].includes(restart))
      report(j, `restartPolicy must be Never or OnFailure, not ${restart ?? '(unset)'}`);
    checkPod(j, j.spec?.template?.spec, { probes: false });
  }
  for (const cj of byKind('CronJob'))
    checkPod(cj, cj.spec?.jobTemplate?.spec?.template?.spec, { probes: false });

  // the gateway routes to every service Deployment (UPSTREAM_<NAME>_URL)
  const appDeployments = deployments.filter(
    (d) => d.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] === 'service',
  );
  for (const gw of deployments) {
    for (const c of gw.spec?.template?.spec?.containers ?? []) {
      if (appOf(c) !== 'gateway') continue;
      const { env, opaque } = resolveEnv(gw, c);
      if (opaque) continue;
      for (const message of missingRemotes(root, env.REMOTES_MANIFEST))
        report(gw, `container "${c.name}": ${message}`);
      for (const d of appDeployments.filter((x) => sameNs(x, gw))) {
        const app = appOf(d.spec.template.spec?.containers?.[0] ?? {});
        if (app && env[upstreamVar(app)] === undefined)
          report(
            gw,
            `container "${c.name}" has no ${upstreamVar(app)} although Deployment/${d.metadata.name} runs; the gateway answers 503 for its routes`,
          );
      }
    }
  }

  const services = byKind('Service');
  for (const s of services) {
    const selector = s.spec?.selector;
    if (!isObject(selector) || Object.keys(selector).length === 0) {
      report(s, 'has no selector');
      continue;
    }
    const targets = deployments.filter(
      (d) => sameNs(d, s) && matchesSelector(selector, d.spec?.template?.metadata?.labels),
    );
    if (targets.length === 0) {
      report(s, `selector ${JSON.stringify(selector)} matches no Deployment's pod labels`);
      continue;
    }
    const containerPorts = targets.flatMap((d) =>
      (d.spec.template.spec?.containers ?? []).flatMap((c) => c.ports ?? []),
    );
    for (const p of s.spec?.ports ?? []) {
      const target = p.targetPort ?? p.port;
      const found =
        typeof target === 'string'
          ? containerPorts.some((cp) => cp.name === target)
          : containerPorts.some((cp) => cp.containerPort === target);
      if (!found)
        report(
          s,
          `port ${p.name ?? p.port} targets ${JSON.stringify(target)}, which no selected container declares`,
        );
    }
  }

  // in-cluster http URLs in ConfigMaps (UPSTREAM_*_URL...) name a rendered Service and port;
  // a Keycloak CR stands for the Service its operator makes (<name>-service)
  const operatorServices = keycloakServices(objects).map((k) => ({
    metadata: { name: k.name, namespace: k.kc.metadata?.namespace },
    spec: { ports: k.ports.map((port) => ({ port })) },
  }));
  for (const cm of configMaps) {
    for (const [key, value] of Object.entries(cm.data ?? {})) {
      const m = /^https?:\/\/([a-z0-9-]+)(?::(\d+))?(?:[/?#]|$)/i.exec(String(value));
      if (!m || m[1] === 'localhost') continue;
      const svc = [...services, ...operatorServices].find(
        (s) => s.metadata.name === m[1] && sameNs(s, cm),
      );
      const port = Number(m[2] ?? (String(value).startsWith('https') ? 443 : 80));
      if (!svc)
        report(cm, `${key}=${value} names Service "${m[1]}", which is not in the rendered output`);
      else if (!(svc.spec?.ports ?? []).some((p) => p.port === port))
        report(cm, `${key}=${value}: Service "${m[1]}" has no port ${port}`);
    }
  }

  for (const h of hpas) {
    const ref = h.spec?.scaleTargetRef ?? {};
    const target = objects.find(
      (o) => o.kind === ref.kind && o.metadata?.name === ref.name && sameNs(o, h),
    );
    if (!target) {
      report(h, `scaleTargetRef ${ref.kind}/${ref.name} is not in the rendered output`);
      continue;
    }
    const min = h.spec?.minReplicas ?? 1;
    const max = h.spec?.maxReplicas;
    if (!Number.isInteger(max) || max < min)
      report(h, `maxReplicas (${max}) must be >= minReplicas (${min})`);
    const usesCpu = (h.spec?.metrics ?? []).some(
      (m) =>
        m.type === 'Resource' &&
        m.resource?.name === 'cpu' &&
        m.resource?.target?.type === 'Utilization',
    );
    if (usesCpu) {
      for (const c of target.spec?.template?.spec?.containers ?? []) {
        if (!c.resources?.requests?.cpu)
          report(
            h,
            `scales on CPU utilisation but container "${c.name}" of ${ref.kind}/${ref.name} has no cpu request`,
          );
      }
    }
  }

  for (const p of byKind('PodDisruptionBudget')) {
    const selector = p.spec?.selector?.matchLabels;
    if (
      !deployments.some(
        (d) => sameNs(d, p) && matchesSelector(selector, d.spec?.template?.metadata?.labels),
      )
    ) {
      report(p, `selector ${JSON.stringify(selector ?? {})} matches no Deployment's pod labels`);
    }
  }

  for (const ing of byKind('Ingress')) {
    const backends = [];
    if (ing.spec?.defaultBackend) backends.push(ing.spec.defaultBackend);
    for (const rule of ing.spec?.rules ?? [])
      for (const p of rule.http?.paths ?? []) backends.push(p.backend);
    for (const b of backends) {
      const svcRef = b?.service;
      if (!svcRef) continue;
      const svc = services.find((s) => s.metadata.name === svcRef.name && sameNs(s, ing));
      if (!svc) {
        report(ing, `backend Service "${svcRef.name}" is not in the rendered output`);
        continue;
      }
      const port = svcRef.port ?? {};
      const ok = (svc.spec?.ports ?? []).some((sp) =>
        port.name !== undefined ? sp.name === port.name : sp.port === port.number,
      );
      if (!ok)
        report(
          ing,
          `backend port ${JSON.stringify(port)} is not a port of Service "${svcRef.name}"`,
        );
    }
    for (const tls of ing.spec?.tls ?? [])
      needSecret(tls.secretName, 'tls.crt/tls.key (cert-manager)', true);
  }

  for (const s of byKind('Secret')) {
    const keys = [...Object.keys(s.data ?? {}), ...Object.keys(s.stringData ?? {})];
    if (keys.length > 0)
      report(
        s,
        `contains literal data (${keys.join(', ')}); Secrets are created out of band, never committed`,
      );
  }

  // Strimzi
  const kafkas = byKind('Kafka');
  const pools = byKind('KafkaNodePool');
  const topics = byKind('KafkaTopic');
  for (const t of topics) {
    const cluster = t.metadata?.labels?.['strimzi.io/cluster'];
    if (!cluster) {
      report(t, 'has no strimzi.io/cluster label; the Topic Operator ignores it');
      continue;
    }
    if (kafkas.length > 0 && !kafkas.some((k) => k.metadata.name === cluster && sameNs(k, t)))
      report(t, `strimzi.io/cluster "${cluster}" names no Kafka resource`);
    const brokers = pools
      .filter(
        (p) =>
          p.metadata?.labels?.['strimzi.io/cluster'] === cluster &&
          (p.spec?.roles ?? []).includes('broker'),
      )
      .reduce((n, p) => n + (p.spec?.replicas ?? 0), 0);
    const replicas = t.spec?.replicas;
    if (pools.length > 0 && Number.isInteger(replicas) && replicas > brokers)
      report(t, `replicas ${replicas} exceeds the ${brokers} broker(s) of cluster "${cluster}"`);
    const minIsr = Number(t.spec?.config?.['min.insync.replicas']);
    if (Number.isInteger(replicas) && Number.isFinite(minIsr) && minIsr > replicas)
      report(t, `min.insync.replicas ${minIsr} exceeds replicas ${replicas}`);
  }
  if (topics.length > 0 && topicNames) {
    const rendered = new Set(topics.map((t) => t.spec?.topicName ?? t.metadata.name));
    for (const name of topicNames)
      if (!rendered.has(name))
        error(overlayLabel, `topic ${name} of infra/kafka/topics.txt has no KafkaTopic`);
    for (const name of rendered)
      if (!topicNames.has(name))
        error(overlayLabel, `KafkaTopic ${name} is not listed in infra/kafka/topics.txt`);
  }

  // CloudNativePG
  const clusters = byKind('Cluster').filter((c) =>
    String(c.apiVersion).startsWith('postgresql.cnpg.io/'),
  );
  for (const c of clusters)
    for (const r of c.spec?.managed?.roles ?? [])
      if (r.passwordSecret?.name)
        needSecret(r.passwordSecret.name, 'username, password (basic-auth)', false);
  for (const db of byKind('Database').filter((d) =>
    String(d.apiVersion).startsWith('postgresql.cnpg.io/'),
  )) {
    const cluster = clusters.find(
      (c) => c.metadata.name === db.spec?.cluster?.name && sameNs(c, db),
    );
    if (!cluster) report(db, `cluster "${db.spec?.cluster?.name}" is not in the rendered output`);
    else if (!(cluster.spec?.managed?.roles ?? []).some((r) => r.name === db.spec?.owner)) {
      report(
        db,
        `owner "${db.spec?.owner}" is not a managed role of Cluster/${cluster.metadata.name}`,
      );
    }
  }

  checkDistributedRendered({ objects, byKind, report, resolveEnv, appOf, sameNs });
  checkNetworkPolicies({ byKind, report, resolveEnv, sameNs });
  checkProductionRendered({
    overlayLabel,
    root,
    objects,
    byKind,
    report,
    resolveEnv,
    appOf,
    sameNs,
    needSecret,
    error,
  });

  if (externalSecrets.size > 0) {
    const list = [...externalSecrets]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, e]) =>
          `${name}${e.keys.size ? ` [${[...e.keys].join(', ')}]` : ''}${e.optional ? ' (optional)' : ''}`,
      );
    note(`${overlayLabel}: Secrets to create out of band: ${list.join('; ')}`);
  }
}
