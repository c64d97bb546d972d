// validate-deploy passes the good files and fails the mistake each check targets: kubernetes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import {
  run,
  itWithKubectl,
  fixture,
  editYaml,
  editYamlDocs,
  type Json,
  removeFixtures,
} from './support/deploy-fixture';

afterAll(removeFixtures);

describe('validate-deploy on broken Kubernetes manifests', () => {
  itWithKubectl(
    'fails when a service is open to every pod or cannot reach the one it calls',
    () => {
      const root = fixture();
      editYamlDocs(root, 'k8s/base/networkpolicy.yaml', (doc: Json) => {
        if (doc.metadata.name === 'services-from-gateway')
          doc.spec.podSelector.matchExpressions[0].values = ['identity', 'listings', 'fields'];
        // Nor does the monitoring policy select admin any more: with the next line nothing guards
        // its pods (orders is still guarded by the policy that lets listings call it).
        if (doc.metadata.name === 'management-from-monitoring')
          doc.spec.podSelector.matchExpressions[0].values = ['gateway'];
        // Nor the policy that lets identity gather a user's data export (ADR 0039).
        if (doc.metadata.name === 'services-from-identity')
          doc.spec.podSelector.matchExpressions[0].values = ['listings', 'orders', 'messaging'];
        // Left without its rule: nothing but the gateway reaches listings.
        if (doc.metadata.name === 'listings-from-callers') doc.spec.ingress = [];
      });
      const result = run(root);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'k8s/overlays/prod: Deployment/admin (k8s/base/admin/deployment.yaml): no NetworkPolicy guards its pods',
      );
      expect(result.stderr).toContain(
        'k8s/overlays/dev: Deployment/messaging (k8s/base/messaging/deployment.yaml): calls Service/listings (LISTINGS_URL) but no NetworkPolicy lets its pods into Deployment/listings',
      );
      expect(result.stderr).not.toContain(
        'Deployment/gateway (k8s/base/gateway/deployment.yaml): no NetworkPolicy',
      );
    },
  );

  itWithKubectl('fails when a Deployment container has no probes', () => {
    const root = fixture();
    editYaml(root, 'k8s/base/fields/deployment.yaml', (doc: Json) => {
      delete doc.spec.template.spec.containers[0].readinessProbe;
      delete doc.spec.template.spec.containers[0].livenessProbe;
    });
    const result = run(root);
    expect(result.status).toBe(1);
    for (const overlay of ['dev', 'prod']) {
      expect(result.stderr).toContain(
        `k8s/overlays/${overlay}: Deployment/fields (k8s/base/fields/deployment.yaml): container "fields" has no readinessProbe`,
      );
      expect(result.stderr).toContain(
        `k8s/overlays/${overlay}: Deployment/fields (k8s/base/fields/deployment.yaml): container "fields" has no livenessProbe`,
      );
    }
  });

  itWithKubectl('fails when a Secret carries literal data', () => {
    const root = fixture();
    writeFileSync(
      path.join(root, 'k8s/base/fields/secret.yaml'),
      stringify({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'fields-secrets' },
        stringData: { DATABASE_URL: 'postgres://fields:hunter2@db/fields' },
      }),
    );
    editYaml(root, 'k8s/base/kustomization.yaml', (doc: Json) => {
      doc.resources.push('fields/secret.yaml');
    });
    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Secret/fields-secrets (k8s/base/fields/secret.yaml): contains literal data (DATABASE_URL)',
    );
  });

  itWithKubectl(
    'fails when a Service selects no Deployment and an HPA targets a missing one',
    () => {
      const root = fixture();
      editYaml(root, 'k8s/base/fields/service.yaml', (doc: Json) => {
        doc.spec.selector = { 'app.kubernetes.io/name': 'field' };
      });
      editYaml(root, 'k8s/base/gateway/hpa.yaml', (doc: Json) => {
        doc.spec.scaleTargetRef.name = 'api-gateway';
      });
      const result = run(root);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'Service/fields (k8s/base/fields/service.yaml): selector {"app.kubernetes.io/name":"field"} matches no Deployment\'s pod labels',
      );
      expect(result.stderr).toContain(
        'HorizontalPodAutoscaler/gateway (k8s/base/gateway/hpa.yaml): scaleTargetRef Deployment/api-gateway is not in the rendered output',
      );
    },
  );

  itWithKubectl('fails when an upstream URL in a ConfigMap names a port its Service lacks', () => {
    const root = fixture();
    const config = path.join(root, 'k8s/base/gateway/config.env');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('http://fields:3006', 'http://fields:3000'),
    );
    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /k8s\/overlays\/dev: ConfigMap\/gateway-config-[a-z0-9]+ \(k8s\/base\/kustomization\.yaml\): UPSTREAM_FIELDS_URL=http:\/\/fields:3000: Service "fields" has no port 3000/,
    );
  });

  itWithKubectl(
    'fails when a container has no resources or mounts no /tmp on a read-only filesystem',
    () => {
      const root = fixture();
      editYaml(root, 'k8s/base/fields/migrate-job.yaml', (doc: Json) => {
        delete doc.spec.template.spec.containers[0].resources;
        delete doc.spec.template.spec.containers[0].volumeMounts;
      });
      const result = run(root);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'Job/fields-migrate (k8s/base/fields/migrate-job.yaml): container "migrate" has no resources.requests.cpu, resources.requests.memory, resources.limits.memory',
      );
      expect(result.stderr).toContain(
        'Job/fields-migrate (k8s/base/fields/migrate-job.yaml): container "migrate" has a read-only root filesystem but no volume mounted at /tmp',
      );
    },
  );

  itWithKubectl('fails when a topic replica count exceeds the brokers of the dev cluster', () => {
    const root = fixture();
    const kustomization = path.join(root, 'k8s/overlays/dev/kustomization.yaml');
    writeFileSync(
      kustomization,
      readFileSync(kustomization, 'utf8').replace(
        /- target:\n\s+group: kafka\.strimzi\.io[\s\S]*$/,
        '',
      ),
    );
    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'k8s/overlays/dev: KafkaTopic/fields.field.created.v1 (k8s/components/strimzi-kafka/kafka-topics.yaml): replicas 3 exceeds the 1 broker(s) of cluster "loadout"',
    );
    expect(result.stderr).not.toContain('k8s/overlays/prod: KafkaTopic');
  });

  itWithKubectl('fails when a service container lacks the variables its config requires', () => {
    const root = fixture();
    const config = path.join(root, 'k8s/base/notifications/config.env');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/^MAIL_TRANSPORT=.*\n/m, ''));
    const dev = path.join(root, 'k8s/overlays/dev/kustomization.yaml');
    writeFileSync(
      dev,
      readFileSync(dev, 'utf8').replace(
        'KEYCLOAK_URL=http://keycloak.loadout.localhost',
        'KEYCLOAK_URL=http://auth.loadout.localhost',
      ),
    );
    const result = run(root);
    expect(result.status).toBe(1);
    for (const overlay of ['dev', 'prod']) {
      for (const [owner, container] of [
        ['Job/notifications-migrate (k8s/base/notifications/migrate-job.yaml)', 'migrate'],
        ['Deployment/notifications (k8s/base/notifications/deployment.yaml)', 'notifications'],
      ]) {
        expect(result.stderr).toContain(
          `k8s/overlays/${overlay}: ${owner}: container "${container}": MAIL_TRANSPORT is unset (devbox) with NODE_ENV=production`,
        );
      }
    }
    expect(result.stderr).toContain(
      'k8s/overlays/dev: Deployment/identity (k8s/base/identity/deployment.yaml): container "identity": AUTH_ISSUER http://keycloak.loadout.localhost/realms/loadout is not the issuer of KEYCLOAK_URL + KEYCLOAK_REALM (http://auth.loadout.localhost/realms/loadout)',
    );
    expect(result.stderr).not.toContain('k8s/overlays/prod: Deployment/identity');
  });

  itWithKubectl(
    'fails when listings reads no S3 credentials, or the gateway has no upstream for it',
    () => {
      const root = fixture();
      editYaml(root, 'k8s/base/listings/deployment.yaml', (doc: Json) => {
        const container = doc.spec.template.spec.containers[0];
        container.env = container.env.filter((e: Json) => e.name !== 'S3_ACCESS_KEY');
      });
      const config = path.join(root, 'k8s/base/gateway/config.env');
      writeFileSync(
        config,
        readFileSync(config, 'utf8').replace(/^UPSTREAM_LISTINGS_URL=.*\n/m, ''),
      );
      const result = run(root);
      expect(result.status).toBe(1);
      for (const overlay of ['dev', 'prod']) {
        expect(result.stderr).toContain(
          `k8s/overlays/${overlay}: Deployment/listings (k8s/base/listings/deployment.yaml): container "listings": OBJECT_STORAGE=s3 needs S3_ACCESS_KEY`,
        );
        expect(result.stderr).toContain(
          `k8s/overlays/${overlay}: Deployment/gateway (k8s/base/gateway/deployment.yaml): container "gateway" has no UPSTREAM_LISTINGS_URL although Deployment/listings runs`,
        );
      }
      expect(result.stderr).not.toContain('Job/listings-migrate');
    },
  );

  itWithKubectl(
    "fails when the gateway's readiness probe or scraping uses the public port (finding 6)",
    () => {
      const root = fixture();
      editYamlDocs(root, 'k8s/base/gateway/deployment.yaml', (doc: Json) => {
        if (doc.kind !== 'Deployment') return;
        doc.spec.template.metadata.annotations['prometheus.io/port'] = '8080';
        doc.spec.template.spec.containers[0].readinessProbe.httpGet.port = 'http';
      });
      const result = run(root);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'readinessProbe must use the management port 9090 (MANAGEMENT_PORT)',
      );
      expect(result.stderr).toContain(
        'prometheus.io/port 8080: the gateway serves /metrics only on its management port 9090',
      );
    },
  );

  it('says it skipped the Kubernetes checks when kubectl is missing', () => {
    const root = fixture();
    const result = run(root, {
      env: { ...process.env, PATH: path.join(root, 'no-bin'), KUBECTL: '' },
    });
    expect(result.stdout).toContain('k8s: skipped: kubectl not found');
    expect(result.status).toBe(0);
  });
});
