// validate-deploy passes the good files and fails the mistake each check targets: distributed.
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

describe('validate-deploy on the distributed-mode defects (issue 10)', () => {
  it('fails on MinIO images from Docker Hub and on pg_isready without -h', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      doc.services.minio.image = 'minio/minio:RELEASE.2025-09-07T16-13-09Z';
      doc.services.postgres.healthcheck.test = ['CMD-SHELL', 'pg_isready -U postgres -d loadout'];
    });
    const result = run(root, { k8s: false });
    expect(result.output).toContain(
      'services.minio.image minio/minio:RELEASE.2025-09-07T16-13-09Z is no longer published there; use quay.io/minio/minio',
    );
    expect(result.output).toContain(
      'services.postgres.healthcheck: pg_isready without -h checks the Unix socket',
    );
    expect(result.status).toBe(1);
  });

  it('fails on a realm file with one environment baked in, or a Keycloak without its placeholders', () => {
    const root = fixture();
    cpSync(
      path.join(repoRoot, 'infra/keycloak/loadout-realm.json'),
      path.join(root, 'infra/keycloak/loadout-realm.json'),
    );
    expect(run(root, { k8s: false }).status).toBe(0);
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      delete doc.services.keycloak.environment.LOADOUT_SMTP_HOST;
    });
    editText(root, 'infra/keycloak/loadout-realm.json', (t) =>
      t.replace('${LOADOUT_PUBLIC_URL:http://localhost:8080}/*', 'http://localhost:8080/*'),
    );
    const result = run(root, { k8s: false });
    expect(result.output).toContain('hard-codes http://localhost:8080 or the mailpit host');
    expect(result.output).toContain('services.keycloak.environment: no LOADOUT_SMTP_HOST');
    expect(result.status).toBe(1);
  });

  itWithKubectl(
    'fails on Strimzi v1beta2, an unsupported Kafka, and keys fetched through the public issuer',
    () => {
      const root = fixture();
      editYamlDocs(root, 'k8s/components/strimzi-kafka/kafka.yaml', (doc: Json) => {
        doc.apiVersion = 'kafka.strimzi.io/v1beta2';
        if (doc.kind === 'Kafka') doc.spec.kafka.version = '4.1.0';
      });
      editText(root, 'k8s/base/common.env', (t) => t.replace(/^AUTH_JWKS_URL=.*$/m, ''));
      const result = run(root);
      expect(result.output).toContain(
        'Kafka/loadout (k8s/components/strimzi-kafka/kafka.yaml): uses kafka.strimzi.io/v1beta2; Strimzi 1.0 and later serve only kafka.strimzi.io/v1',
      );
      expect(result.output).toContain('Kafka 4.1.0 is not a version current Strimzi supports');
      expect(result.output).toMatch(
        /Deployment\/gateway .*AUTH_ISSUER is set but AUTH_JWKS_URL is not/,
      );
      expect(result.status).toBe(1);
    },
  );

  itWithKubectl(
    'fails when /metrics would be public or migrations could run after the new pods',
    () => {
      const root = fixture();
      editYaml(root, 'k8s/base/gateway/deployment.yaml', (doc: Json) => {
        const [gateway] = doc.spec.template.spec.containers;
        gateway.ports = gateway.ports.filter((p: Json) => p.name !== 'management');
      });
      editYaml(root, 'k8s/base/fields/migrate-job.yaml', (doc: Json) => {
        doc.metadata.annotations['argocd.argoproj.io/hook'] = 'PreSync';
        delete doc.metadata.annotations['argocd.argoproj.io/sync-wave'];
      });
      const result = run(root);
      expect(result.output).toContain(
        'reaches the gateway, which has no separate "management" port: its /metrics would be public',
      );
      expect(result.output).toContain('Job/fields-migrate');
      expect(result.output).toContain('is an Argo CD PreSync hook');
      expect(result.output).toContain(
        "sync wave 0 is not before Deployment/fields's (0): new pods could start on the old schema",
      );
      expect(result.status).toBe(1);
    },
  );

  itWithKubectl(
    'fails without a PgBouncer Pooler or with more pooled connections than max_connections',
    () => {
      const noPooler = fixture();
      editText(noPooler, 'k8s/components/cloudnative-pg/kustomization.yaml', (t) =>
        t.replace('  - pooler.yaml\n', ''),
      );
      expect(run(noPooler).output).toContain(
        'Cluster/loadout-pg (k8s/components/cloudnative-pg/cluster.yaml): has no Pooler',
      );

      const tooMany = fixture();
      editYaml(tooMany, 'k8s/components/cloudnative-pg/pooler.yaml', (doc: Json) => {
        doc.spec.pgbouncer.parameters.default_pool_size = '30';
      });
      const result = run(tooMany);
      expect(result.output).toMatch(
        /connections: poolers \d+ \(instances x default_pool_size x \d+ databases\) \+ listeners \d+ \(HPA maxima x direct connections per pod\) \+ Keycloak \d+ \+ migrations \d+ exceed max_connections \d+ - 3 reserved/,
      );
      expect(result.status).toBe(1);
    },
  );
});
