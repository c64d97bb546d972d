// (b) Kubernetes: NetworkPolicies against who calls whom (ADR 0009). The services believe the
// client address the gateway forwards, so no service may be reachable from any pod; and a
// service that calls another by its Service URL (orders and messaging call listings) must be
// let in by the policies that guard that other one, or the call fails only in the cluster.

import { matchesLabelSelector, matchesSelector } from './kubectl.mjs';

const URL_HOST = /^https?:\/\/([a-z0-9]([a-z0-9-]*[a-z0-9])?)(:\d+)?(\/|$)/;

/** Ingress policies of the namespace whose podSelector selects pods with `labels`. */
function guarding(policies, owner, labels, sameNs) {
  return policies.filter(
    (p) =>
      sameNs(p, owner) &&
      (p.spec?.policyTypes ?? ['Ingress']).includes('Ingress') &&
      matchesLabelSelector(p.spec?.podSelector, labels),
  );
}

/** Some rule of these policies lets pods with `labels` (same namespace) in. */
function letsIn(policies, labels) {
  return policies.some((p) =>
    (p.spec?.ingress ?? []).some(
      (rule) =>
        !rule.from ||
        rule.from.some(
          (peer) => !peer.namespaceSelector && matchesLabelSelector(peer.podSelector, labels),
        ),
    ),
  );
}

export function checkNetworkPolicies({ byKind, report, resolveEnv, sameNs }) {
  const policies = byKind('NetworkPolicy');
  const deployments = byKind('Deployment');
  const services = byKind('Service');
  const podLabels = (d) => d.spec?.template?.metadata?.labels ?? {};
  const isGateway = (d) => podLabels(d)['app.kubernetes.io/name'] === 'gateway';

  for (const d of deployments) {
    if (isGateway(d)) continue;
    if (guarding(policies, d, podLabels(d), sameNs).length === 0)
      report(
        d,
        'no NetworkPolicy guards its pods: any pod could call it and forge the client address the gateway forwards (list it in services-from-gateway)',
      );
  }

  for (const caller of deployments) {
    for (const c of caller.spec?.template?.spec?.containers ?? []) {
      const { env } = resolveEnv(caller, c);
      for (const [name, value] of Object.entries(env)) {
        const host = URL_HOST.exec(String(value))?.[1];
        const service =
          host && services.find((s) => s.metadata?.name === host && sameNs(s, caller));
        if (!service) continue;
        for (const target of deployments.filter(
          (t) => sameNs(t, caller) && matchesSelector(service.spec?.selector, podLabels(t)),
        )) {
          const guards = guarding(policies, target, podLabels(target), sameNs);
          if (guards.length > 0 && !letsIn(guards, podLabels(caller)))
            report(
              caller,
              `calls Service/${host} (${name}) but no NetworkPolicy lets its pods into Deployment/${target.metadata.name}`,
            );
        }
      }
    }
  }
}
