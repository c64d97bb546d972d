#!/usr/bin/env node
// Checks the deployment files without Docker or a cluster:
//   (a) docker-compose.yml: Compose Specification schema (infra/schemas/compose-spec.subset.json)
//       plus cross-checks (depends_on targets and conditions, build contexts and Dockerfiles,
//       mounted host paths, healthchecks, published ports, hosts named in URLs, interpolation);
//   (b) k8s/overlays/*: rendered with `kubectl kustomize`, then probes, resources, security
//       context, selectors, HPA/PDB/Ingress targets, ConfigMap references, literal Secrets,
//       Strimzi topics, and what would break first on a real cluster (k8s-production.mjs,
//       issue 27: per-overlay trusted proxies and namespaces, Keycloak CR and JWKS URL, realm
//       import settings from a Secret, Redis for scaled-out real-time apps, LISTEN past the
//       pooler, scraping, Kafka alerts, the release command, payments, pinned versions)
//       (skipped, with a message, when kubectl is missing);
//   (c) infra/docker/*.Dockerfile: multi-stage, COPY sources exist and are not .dockerignored,
//       build args supplied, non-root user, HEALTHCHECK (the gateway's on MANAGEMENT_PORT), Node
//       on a maintained LTS line and not older than .nvmrc;
//   plus infra/kafka/topics.txt against the event contracts (EVENT_TOPICS of
//   libs/contracts/src/events/event-payloads.ts) and the KafkaTopic resources generated from it,
//   the Keycloak realms compose imports, the variables the apps refuse to start without
//   (APP_ENV_RULES: identity's Keycloak issuer, notifications' mail transport, orders' token and
//   payments provider, listings' object storage; every app's OTLP tracing endpoint and protocol),
//   and that the gateway has an UPSTREAM_<NAME>_URL for every service that runs.
//
// Usage: node infra/scripts/validate-deploy.mjs [--root <dir>] [--skip-k8s]
// Exit code 0 when there is no error (warnings do not fail), 1 otherwise.
//
// One module per validator in validate-deploy/ (compose, dockerfiles, kafka-topics, kubernetes),
// with the rules and helpers they share.
import { checkCompose } from './validate-deploy/compose.mjs';
import { checkDockerfiles } from './validate-deploy/dockerfiles.mjs';
import { parseArgs } from './validate-deploy/helpers.mjs';
import { checkTopics } from './validate-deploy/kafka-topics.mjs';
import { checkKubernetes } from './validate-deploy/kubernetes.mjs';
import { notes, problems } from './validate-deploy/report.mjs';

// ------------------------------------------------------------------------- main
function main() {
  const opts = parseArgs(process.argv.slice(2));
  const root = opts.root;
  console.log(`validate-deploy: checking ${root}`);

  const before = () => problems.filter((p) => p.level === 'error').length;
  let mark = before();
  const compose = checkCompose(root);
  console.log(
    `compose: ${before() - mark === 0 ? 'ok' : `${before() - mark} error(s)`} (docker-compose.yml)`,
  );

  mark = before();
  checkDockerfiles(root, compose?.builds ?? []);
  console.log(
    `dockerfiles: ${before() - mark === 0 ? 'ok' : `${before() - mark} error(s)`} (infra/docker)`,
  );

  mark = before();
  const topicNames = checkTopics(root);
  console.log(
    `kafka topics: ${before() - mark === 0 ? 'ok' : `${before() - mark} error(s)`} (infra/kafka/topics.txt)`,
  );

  mark = before();
  const k8s = checkKubernetes(root, topicNames, { skip: opts.skipK8s });
  if (k8s === 'checked')
    console.log(
      `k8s: ${before() - mark === 0 ? 'ok' : `${before() - mark} error(s)`} (k8s/overlays)`,
    );

  for (const n of notes) console.log(`note: ${n}`);
  const errors = problems.filter((p) => p.level === 'error');
  const warnings = problems.filter((p) => p.level === 'warning');
  for (const p of warnings) console.log(`warning: ${p.file}: ${p.message}`);
  for (const p of errors) console.error(`error: ${p.file}: ${p.message}`);
  console.log(`validate-deploy: ${errors.length} error(s), ${warnings.length} warning(s)`);
  process.exit(errors.length > 0 ? 1 : 0);
}

main();
