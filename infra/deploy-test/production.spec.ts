// validate-deploy passes the good files and fails the mistake each check targets: what would
// break first on a real cluster (issue 27). One case per finding, each naming its guard.
import { cpSync } from 'node:fs';
import path from 'node:path';
import {
  repoRoot,
  run,
  itWithKubectl,
  fixture,
  editYaml,
  editYamlDocs,
  editText,
  type Json,
  removeFixtures,
} from './support/deploy-fixture';

afterAll(removeFixtures);

describe('validate-deploy on what would break first on a real cluster (issue 27)', () => {
  itWithKubectl(
    '1, 11: refuses an overlay that inherits the trusted proxies or the ingress namespace',
    () => {
      const root = fixture();
      editText(root, 'k8s/overlays/prod/kustomization.yaml', (t) =>
        t.replace(/^\s+- TRUSTED_PROXIES=.*\n/m, ''),
      );
      // Without its cluster.env (and the replacements) the dev render keeps the base's names.
      editYaml(root, 'k8s/overlays/dev/kustomization.yaml', (doc: Json) => {
        delete doc.replacements;
        doc.configMapGenerator = doc.configMapGenerator.filter(
          (g: Json) => g.name !== 'loadout-cluster',
        );
      });
      const result = run(root);
      expect(result.stderr).toContain(
        'k8s/overlays/prod: kustomization.yaml does not set TRUSTED_PROXIES',
      );
      expect(result.stderr).toMatch(
        /k8s\/overlays\/prod: Deployment\/gateway .*TRUSTED_PROXIES is unset: behind the ingress every visitor counts as the ingress pod/,
      );
      expect(result.stderr).toContain(
        'k8s/overlays/dev: kustomization.yaml does not set INGRESS_NAMESPACE',
      );
      expect(result.stderr).not.toContain(
        'k8s/overlays/dev: kustomization.yaml does not set TRUSTED_PROXIES',
      );
      expect(result.status).toBe(1);
    },
  );

  itWithKubectl('2: refuses plain-HTTP signing keys from a Keycloak that serves HTTPS only', () => {
    const root = fixture();
    editYaml(root, 'k8s/components/keycloak/keycloak.yaml', (doc: Json) => {
      delete doc.spec.http.httpEnabled;
    });
    const result = run(root);
    expect(result.stderr).toMatch(
      /Deployment\/fields .*AUTH_JWKS_URL http:\/\/keycloak-service:8080\/\S+ is plain HTTP on 8080, but Keycloak\/keycloak serves only HTTPS on 8443 \(spec\.http\.httpEnabled is not true\)/,
    );
    expect(result.status).toBe(1);
  });

  itWithKubectl(
    '3: refuses a realm import that keeps a development default or lacks a Secret',
    () => {
      const root = fixture();
      editText(root, 'k8s/components/keycloak/realm-import.yaml', (t) =>
        t
          .replace('${LOADOUT_SMTP_HOST}', '${LOADOUT_SMTP_HOST:mailpit}')
          .replace(/ {4}LOADOUT_SMTP_PASSWORD:\n(?: {6}.*\n)+/, ''),
      );
      const result = run(root);
      expect(result.stderr).toContain(
        'KeycloakRealmImport/keycloak-loadout (k8s/components/keycloak/realm-import.yaml): realm placeholder ${LOADOUT_SMTP_HOST:mailpit} keeps its default',
      );
      expect(result.stderr).toContain(
        'realm placeholder ${LOADOUT_SMTP_PASSWORD} has no spec.placeholders entry from a Secret',
      );
      expect(result.status).toBe(1);

      // and the committed import is the one rendered from the realm file
      const synced = fixture();
      cpSync(
        path.join(repoRoot, 'infra/keycloak/loadout-realm.json'),
        path.join(synced, 'infra/keycloak/loadout-realm.json'),
      );
      expect(run(synced, { k8s: false }).status).toBe(0);
      editText(synced, 'infra/keycloak/loadout-realm.json', (t) =>
        t.replace('"bruteForceProtected": true', '"bruteForceProtected": false'),
      );
      expect(run(synced).stderr).toContain(
        'k8s/components/keycloak/realm-import.yaml: does not match infra/keycloak/loadout-realm.json',
      );
    },
  );

  itWithKubectl(
    '4: refuses fake payments in production, and a gateway CSP without the processor',
    () => {
      const root = fixture();
      editText(root, 'k8s/overlays/dev/kustomization.yaml', (t) =>
        t.replace(/^\s+- PAYMENTS_ALLOW_SIMULATED=on\n/m, ''),
      );
      editText(root, 'k8s/base/orders/config.env', (t) => `${t}PAYMENTS_PROVIDER=simulated\n`);
      const result = run(root);
      expect(result.stderr).toMatch(
        /k8s\/overlays\/dev: Deployment\/orders .*PAYMENTS_PROVIDER is simulated with NODE_ENV=production: orders refuses to start/,
      );
      expect(result.stderr).toMatch(
        /k8s\/overlays\/prod: Deployment\/gateway .*PAYMENTS_PROVIDER is stripe but orders uses simulated/,
      );
      expect(result.status).toBe(1);
    },
  );

  itWithKubectl(
    '5: refuses real-time apps that scale out without Redis, and a Deployment without a PDB',
    () => {
      const root = fixture();
      editText(root, 'k8s/base/common.env', (t) => t.replace(/^REDIS_URL=.*\n/m, ''));
      editText(root, 'k8s/base/kustomization.yaml', (t) => t.replace('  - redis/pdb.yaml\n', ''));
      const result = run(root);
      for (const app of ['messaging', 'notifications'])
        expect(result.stderr).toMatch(
          new RegExp(
            `k8s/overlays/prod: Deployment/${app} .*runs up to \\d+ replicas without REDIS_URL`,
          ),
        );
      expect(result.stderr).toContain(
        'Deployment/redis (k8s/base/redis/deployment.yaml): no PodDisruptionBudget covers its pods',
      );
      expect(result.status).toBe(1);
    },
  );

  itWithKubectl('6: refuses a service whose LISTEN would go through the transaction pooler', () => {
    const root = fixture();
    editYaml(root, 'k8s/base/orders/deployment.yaml', (doc: Json) => {
      const [c] = doc.spec.template.spec.containers;
      c.env = c.env.filter((e: Json) => e.name !== 'DATABASE_DIRECT_URL');
    });
    const result = run(root);
    expect(result.stderr).toContain(
      'Deployment/orders (k8s/base/orders/deployment.yaml): container orders has no DATABASE_DIRECT_URL: behind Pooler/loadout-pg-pooler-rw (transaction mode) its LISTEN never fires',
    );
    expect(result.status).toBe(1);
  });

  itWithKubectl(
    '6 (ADR 0048): refuses a pooled service role without its own session limits, or with other values than the app',
    () => {
      const root = fixture();
      editText(root, 'k8s/components/cloudnative-pg/cluster.yaml', (t) =>
        t
          .replace(/^ +- ALTER ROLE orders SET statement_timeout = .*\n/m, '')
          .replace(
            "ALTER ROLE listings SET lock_timeout = '5s'",
            "ALTER ROLE listings SET lock_timeout = '10s'",
          ),
      );
      editText(
        root,
        'k8s/base/fields/config.env',
        (t) => `${t}DB_IDLE_IN_TRANSACTION_TIMEOUT_MS=60000\n`,
      );
      const result = run(root);
      expect(result.stderr).toMatch(
        /Deployment\/orders .*role orders has no statement_timeout of its own \(ALTER ROLE orders SET statement_timeout in Cluster\/loadout-pg spec\.bootstrap\.initdb\.postInitSQL\): behind Pooler\/loadout-pg-pooler-rw PgBouncer drops the limit/,
      );
      expect(result.stderr).toMatch(
        /Deployment\/listings .*role listings has lock_timeout = '10s' in Cluster\/loadout-pg, but the app's DB_LOCK_TIMEOUT_MS is 5000 ms/,
      );
      expect(result.stderr).toMatch(
        /Deployment\/fields .*role fields has idle_in_transaction_session_timeout = '15s' in Cluster\/loadout-pg, but the app's DB_IDLE_IN_TRANSACTION_TIMEOUT_MS is 60000 ms/,
      );
      // Only the broken roles: the others keep their limits.
      expect(result.stderr).not.toMatch(/role (identity|messaging|notifications|admin) has/);
      expect(result.status).toBe(1);
    },
  );

  itWithKubectl('7, 9: refuses apps nobody may scrape, and Kafka without alert rules', () => {
    const root = fixture();
    editYamlDocs(root, 'k8s/base/networkpolicy.yaml', (doc: Json) => {
      if (doc.metadata.name === 'management-from-monitoring')
        doc.spec.podSelector.matchExpressions[0].values = ['gateway'];
    });
    editText(root, 'k8s/components/monitoring/kustomization.yaml', (t) =>
      t.replace('  - prometheus-rules.yaml\n', ''),
    );
    const result = run(root);
    expect(result.stderr).toContain(
      'Deployment/listings (k8s/base/listings/deployment.yaml): no NetworkPolicy opens its management port to the monitoring namespace',
    );
    expect(result.stderr).not.toContain(
      'Deployment/gateway (k8s/base/gateway/deployment.yaml): no NetworkPolicy opens its management port',
    );
    expect(result.stderr).toContain(
      'k8s/overlays/prod: apps run on Kafka but no PrometheusRule alerts on loadout_event_consumer_up',
    );
    expect(result.status).toBe(1);

    const unscraped = fixture();
    editYaml(unscraped, 'k8s/components/monitoring/pod-monitor.yaml', (doc: Json) => {
      doc.spec.podMetricsEndpoints[0].port = 'http';
    });
    expect(run(unscraped).stderr).toContain(
      'Deployment/fields (k8s/base/fields/deployment.yaml): no PodMonitor or ServiceMonitor scrapes its "management" port',
    );
  });

  itWithKubectl('8: refuses a release command that forgets a migration Job', () => {
    const root = fixture();
    editText(root, 'k8s/README.md', (t) =>
      t.replace(
        'kubectl -n loadout delete job -l app.kubernetes.io/component=migration --ignore-not-found',
        'kubectl -n loadout delete job fields-migrate identity-migrate listings-migrate orders-migrate notifications-migrate --ignore-not-found',
      ),
    );
    const result = run(root);
    expect(result.stderr).toContain(
      'k8s/README.md: the release command deletes fields-migrate, identity-migrate, listings-migrate, orders-migrate, notifications-migrate but not admin-migrate, messaging-migrate',
    );
    expect(result.status).toBe(1);
  });

  itWithKubectl(
    '10: refuses Postgres, Keycloak or Redis versions that differ between compose and k8s',
    () => {
      const root = fixture();
      editYaml(root, 'docker-compose.yml', (doc: Json) => {
        doc.services.keycloak.image = 'quay.io/keycloak/keycloak:26.4.7';
        doc.services.postgres.image = 'postgres:16';
      });
      const result = run(root);
      expect(result.stderr).toContain(
        'Keycloak Keycloak/keycloak runs 26.7.3 but docker-compose.yml keycloak 26.4.7',
      );
      expect(result.stderr).toContain(
        'PostgreSQL Cluster/loadout-pg runs 16.6 but docker-compose.yml postgres 16',
      );
      expect(result.status).toBe(1);
    },
  );

  it('10: refuses a Node image past its end of life, and a gateway HEALTHCHECK on the public port', () => {
    const root = fixture();
    editText(root, 'infra/docker/node-service.Dockerfile', (t) =>
      t.replace(/node:\d+\.\d+\.\d+-bookworm-slim/, 'node:20.20.2-bookworm-slim'),
    );
    editText(root, 'infra/docker/gateway.Dockerfile', (t) =>
      t.replace("process.env.MANAGEMENT_PORT+'/health/ready'", "process.env.PORT+'/health/ready'"),
    );
    const result = run(root, {
      k8s: false,
      env: { ...process.env, VALIDATE_DEPLOY_TODAY: '2026-11-26' },
    });
    expect(result.stderr).toMatch(
      /node-service\.Dockerfile: line \d+: FROM node:20\.20\.2-bookworm-slim: Node 20 reached end of life on 2026-04-30; build on a maintained LTS \(22 or 24\)/,
    );
    expect(result.stderr).toContain(
      'infra/docker/gateway.Dockerfile: the HEALTHCHECK must probe the management port (MANAGEMENT_PORT)',
    );
    expect(result.status).toBe(1);
  });
});
