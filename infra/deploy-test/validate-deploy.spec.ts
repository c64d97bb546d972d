// Runs infra/scripts/validate-deploy.mjs on the repository's deployment files and on broken
// copies of them, to prove that each check passes good files and fails the mistake it targets.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';

const repoRoot = path.resolve(__dirname, '../..');
const validator = path.join(repoRoot, 'infra/scripts/validate-deploy.mjs');

/** The deployment files under test, copied into each fixture. */
const DEPLOY_FILES = [
  'docker-compose.yml',
  '.dockerignore',
  '.nvmrc',
  'infra/docker',
  'infra/kafka',
  'infra/postgres',
  'k8s',
  // topics.txt is checked against EVENT_TOPICS of the event contracts
  'libs/contracts/src/events/event-payloads.ts',
];
/** Stand-ins for the application sources that the Dockerfiles copy. */
const APP_STUBS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'nx.json',
  'infra/scripts/build-backend.mjs',
  'libs/config/src/index.ts',
  'services/fields/src/main.ts',
  'services/identity/src/main.ts',
  'services/listings/src/main.ts',
  'services/notifications/src/main.ts',
  'services/orders/src/main.ts',
  'services/messaging/src/main.ts',
  'gateway/src/main.ts',
  'frontends/shell/src/main.ts',
  'infra/keycloak/.gitkeep',
];

interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** false adds --skip-k8s, for cases that do not touch k8s/ (saves two kustomize renders). */
  k8s?: boolean;
}

function run(root: string, { env = process.env, k8s = true }: RunOptions = {}): RunResult {
  const args = [validator, '--root', root, ...(k8s ? [] : ['--skip-k8s'])];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', env, timeout: 60_000 });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    output: `${result.stdout}\n${result.stderr}`,
  };
}

const hasKubectl = (() => {
  const probe = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  return probe.status === 0;
})();
/** Kubernetes cases need `kubectl kustomize`; without it they are not registered and the output says why. */
const itWithKubectl = (name: string, fn: () => void): void => {
  if (hasKubectl) it(name, fn);
  else console.log(`skipped: kubectl not found (${name})`);
};

const tempRoots: string[] = [];

function fixture(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'loadout-deploy-'));
  tempRoots.push(root);
  for (const entry of DEPLOY_FILES)
    cpSync(path.join(repoRoot, entry), path.join(root, entry), { recursive: true });
  for (const stub of APP_STUBS) {
    mkdirSync(path.dirname(path.join(root, stub)), { recursive: true });
    writeFileSync(path.join(root, stub), stub.endsWith('.json') ? '{}\n' : '');
  }
  return root;
}

function editYaml(root: string, file: string, edit: (doc: Record<string, unknown>) => void): void {
  const abs = path.join(root, file);
  const doc = parse(readFileSync(abs, 'utf8'), { merge: true }) as Record<string, unknown>;
  edit(doc);
  writeFileSync(abs, stringify(doc));
}

/** Edits every document of a multi-document YAML file. */
function editYamlDocs(
  root: string,
  file: string,
  edit: (doc: Record<string, unknown>) => void,
): void {
  const abs = path.join(root, file);
  const docs = parseAllDocuments(readFileSync(abs, 'utf8')).map(
    (d) => d.toJS() as Record<string, unknown>,
  );
  docs.forEach(edit);
  writeFileSync(abs, docs.map((d) => stringify(d)).join('---\n'));
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

afterAll(() => {
  for (const root of tempRoots) rmSync(root, { recursive: true, force: true });
});

describe('validate-deploy on the repository', () => {
  it('passes the committed deployment files', () => {
    const result = run(repoRoot);
    expect(result.output).toContain('validate-deploy: 0 error(s)');
    expect(result.status).toBe(0);
  });

  it('passes a copy of the deployment files with the application sources in place', () => {
    const result = run(fixture());
    expect(result.stderr).toBe('');
    expect(result.output).toContain('compose: ok');
    expect(result.output).toContain('dockerfiles: ok');
    expect(result.output).toContain('kafka topics: ok');
    if (hasKubectl) expect(result.output).toContain('k8s: ok');
    expect(result.status).toBe(0);
  });
});

describe('validate-deploy on broken compose files', () => {
  it('fails when depends_on names a service that does not exist', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      doc.services.fields.depends_on['kafka-topics'] = {
        condition: 'service_completed_successfully',
      };
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'docker-compose.yml: services.fields.depends_on: "kafka-topics" is not a service of this file',
    );
  });

  it('fails on a key the Compose Specification does not know', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      doc.services.gateway.healtcheck = doc.services.gateway.healthcheck;
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'docker-compose.yml: services.gateway: unknown key "healtcheck"',
    );
  });

  it('fails on a depends_on condition outside the specification', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      doc.services.gateway.depends_on.fields.condition = 'service_ready';
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.gateway.depends_on.fields.condition: is "service_ready", must be one of service_started, service_healthy, service_completed_successfully',
    );
  });

  it('fails when an app service has no healthcheck, and says who waits on it', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      delete doc.services.fields.healthcheck;
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('services.fields: app service has no healthcheck');
    expect(result.stderr).toContain(
      'services.gateway.depends_on.fields: condition service_healthy, but "fields" has no (enabled) healthcheck',
    );
  });

  it('fails when a bind mount names a host path that does not exist', () => {
    const root = fixture();
    rmSync(path.join(root, 'infra/postgres'), { recursive: true });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.postgres.volumes: host path "./infra/postgres/init" does not exist',
    );
  });

  it('fails when a URL names a host that is not a service, or the wrong port', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      doc.services.gateway.environment.UPSTREAM_FIELDS_URL = 'http://fields:3000';
      doc.services.fields.environment.DATABASE_URL = 'postgres://fields:pw@postgress:5432/loadout';
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.gateway.environment.UPSTREAM_FIELDS_URL: "fields" listens on PORT 3006, not 3000',
    );
    expect(result.stderr).toContain(
      'services.fields.environment.DATABASE_URL: host "postgress" is not a service of this file',
    );
  });

  it('fails when two services publish the same host port', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      doc.services.mailpit.ports.push('127.0.0.1:8080:8025');
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /services\.(mailpit|gateway)\.ports: host port 8080 is already published by "(gateway|mailpit)"/,
    );
  });

  it('fails when notifications would use the dev mailbox in production, or identity trusts another issuer', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      doc.services.notifications.environment.MAIL_TRANSPORT = 'devbox';
      doc.services['identity-migrate'].environment.KEYCLOAK_URL = 'http://localhost:8181';
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.notifications.environment: MAIL_TRANSPORT is devbox with NODE_ENV=production: notifications refuses to start',
    );
    expect(result.stderr).toContain(
      'services.identity-migrate.environment: AUTH_ISSUER http://localhost:8180/realms/loadout is not the issuer of KEYCLOAK_URL + KEYCLOAK_REALM (http://localhost:8181/realms/loadout)',
    );
    expect(result.stderr).not.toContain('services.identity.environment');
  });

  it('fails when an app has an issuer but no audience, or the dev mailbox in production (findings 2, 3)', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      delete doc.services.fields.environment.AUTH_AUDIENCE;
      doc.services.fields.environment.DEV_MAILBOX = 'on';
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.fields.environment: AUTH_ISSUER is set without AUTH_AUDIENCE: the app refuses to start',
    );
    expect(result.stderr).toContain(
      'services.fields.environment: DEV_MAILBOX=on with NODE_ENV=production: the app refuses to start',
    );
  });

  it("fails when the gateway's readiness or management port faces the public (finding 6)", () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      doc.services.gateway.healthcheck.test = [
        'CMD',
        'node',
        '-e',
        "fetch('http://127.0.0.1:'+process.env.PORT+'/health/ready')",
      ];
      doc.services.gateway.ports.push('9090:9090');
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.gateway.healthcheck: the gateway answers /health/ready only on its management port',
    );
    expect(result.stderr).toContain('services.gateway.ports: publishes the management port 9090');
  });

  it('checks the realm files Keycloak imports against the realms the apps name', () => {
    const root = fixture();
    // infra/keycloak holds no realm file yet: a warning, not an error
    let result = run(root, { k8s: false });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      'warning: docker-compose.yml: services.keycloak: no realm file in ./infra/keycloak yet (expected infra/keycloak/loadout-realm.json)',
    );

    const realmFile = path.join(root, 'infra/keycloak/loadout-realm.json');
    writeFileSync(realmFile, JSON.stringify({ realm: 'loadout', enabled: true }));
    result = run(root, { k8s: false });
    expect(result.output).not.toContain('realm');
    expect(result.status).toBe(0);

    writeFileSync(realmFile, JSON.stringify({ realm: 'loadout-dev', enabled: true }));
    result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /docker-compose\.yml: services\.[a-z-]+\.environment\.(KEYCLOAK_REALM|AUTH_ISSUER).*: realm "loadout" is not imported by Keycloak \(realm files define "loadout-dev"\)/,
    );

    writeFileSync(realmFile, '{ "realm": "loadout", }');
    result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('infra/keycloak/loadout-realm.json: is not valid JSON');
  });

  it('fails when listings lacks its object storage settings, or the gateway has no route to it', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      delete doc.services.listings.environment.S3_PUBLIC_URL;
      delete doc.services.listings.environment.S3_SECRET_KEY;
      doc.services['listings-migrate'].environment.OBJECT_STORAGE = 'filesystem';
      delete doc.services.gateway.environment.UPSTREAM_LISTINGS_URL;
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.listings.environment: OBJECT_STORAGE=s3 needs S3_PUBLIC_URL (the S3 API as the browser reaches it)',
    );
    expect(result.stderr).toContain(
      'services.listings.environment: OBJECT_STORAGE=s3 needs S3_SECRET_KEY',
    );
    expect(result.stderr).toContain(
      "services.listings-migrate.environment: OBJECT_STORAGE is filesystem with NODE_ENV=production: photos would land on the container's own disk",
    );
    expect(result.stderr).toContain(
      'services.gateway.environment: no UPSTREAM_LISTINGS_URL although "listings" runs',
    );
    // one-shots are not routed to
    expect(result.stderr).not.toContain('UPSTREAM_LISTINGS_MIGRATE_URL');
  });

  it('fails when orders lacks its internal token or names an unknown payments provider', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      delete doc.services.orders.environment.INTERNAL_API_TOKEN;
      doc.services['orders-migrate'].environment.PAYMENTS_PROVIDER = 'paypal';
      delete doc.services.gateway.environment.UPSTREAM_ORDERS_URL;
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.orders.environment: INTERNAL_API_TOKEN is unset: orders refuses to start (it calls listings with it)',
    );
    expect(result.stderr).toContain(
      'services.orders-migrate.environment: PAYMENTS_PROVIDER "paypal" must be simulated or stripe',
    );
    expect(result.stderr).toContain(
      'services.gateway.environment: no UPSTREAM_ORDERS_URL although "orders" runs',
    );
  });

  it('fails when a Dockerfile needs a build arg that compose does not pass', () => {
    const root = fixture();
    editYaml(root, 'docker-compose.yml', (doc: Json) => {
      delete doc.services.fields.build.args.SERVICE;
    });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services.fields.build.args: infra/docker/node-service.Dockerfile needs build arg SERVICE',
    );
  });
});

describe('validate-deploy on broken Dockerfiles', () => {
  it('fails when a COPY source does not exist', () => {
    const root = fixture();
    rmSync(path.join(root, 'services/fields'), { recursive: true });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /infra\/docker\/node-service\.Dockerfile: line \d+: COPY source "services\/fields\/" does not exist/,
    );
  });

  it('fails when a COPY source is excluded by .dockerignore', () => {
    const root = fixture();
    writeFileSync(
      path.join(root, '.dockerignore'),
      `${readFileSync(path.join(root, '.dockerignore'), 'utf8')}\nlibs\n`,
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/COPY source "libs\/" is excluded by \.dockerignore/);
  });

  it('fails on a single-stage Dockerfile that runs as root', () => {
    const root = fixture();
    writeFileSync(
      path.join(root, 'infra/docker/gateway.Dockerfile'),
      'FROM node:20.20.2-bookworm-slim\nWORKDIR /app\nCOPY package.json ./\nCMD ["node", "dist/gateway/src/main.js"]\n',
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('infra/docker/gateway.Dockerfile: is not a multi-stage build');
    expect(result.stderr).toContain(
      'infra/docker/gateway.Dockerfile: the final stage runs as root',
    );
    expect(result.stderr).toContain(
      'infra/docker/gateway.Dockerfile: the final stage has no HEALTHCHECK',
    );
  });

  it('fails when the Node image differs from .nvmrc', () => {
    const root = fixture();
    writeFileSync(path.join(root, '.nvmrc'), '22.11.0\n');
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /node-service\.Dockerfile: line \d+: FROM node:20\.20\.2-bookworm-slim but \.nvmrc says 22\.11\.0/,
    );
  });
});

describe('validate-deploy on broken Kubernetes manifests', () => {
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

describe('validate-deploy on Kafka topics', () => {
  it('fails when topics.txt and the generated KafkaTopic resources disagree', () => {
    const root = fixture();
    const topics = path.join(root, 'infra/kafka/topics.txt');
    const source = readFileSync(topics, 'utf8');
    expect(source).toMatch(/^fields\.field\.created\.v1 3$/m);
    // a changed partition count that was not regenerated into the KafkaTopic resources
    writeFileSync(
      topics,
      source.replace(/^fields\.field\.created\.v1 3$/m, 'fields.field.created.v1 6'),
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'k8s/components/strimzi-kafka/kafka-topics.yaml: does not match infra/kafka/topics.txt: run node infra/kafka/topics.mjs --write',
    );
  });

  it('fails when a contract topic is not listed, or a listed topic has no contract', () => {
    const root = fixture();
    const contracts = path.join(root, 'libs/contracts/src/events/event-payloads.ts');
    const source = readFileSync(contracts, 'utf8');
    expect(source).toContain("'identity.user.suspended.v1': true,");
    writeFileSync(
      contracts,
      source.replace(
        "'identity.user.suspended.v1': true,",
        "'identity.user.suspended.v1': true,\n  'orders.order.placed.v1': true,",
      ),
    );
    const topics = path.join(root, 'infra/kafka/topics.txt');
    writeFileSync(topics, `${readFileSync(topics, 'utf8')}identity.user.deleted.v1 3\n`);
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'infra/kafka/topics.txt: "orders.order.placed.v1" is an event of libs/contracts/src/events/event-payloads.ts (EVENT_TOPICS) but not listed here',
    );
    expect(result.stderr).toMatch(
      /infra\/kafka\/topics\.txt: line \d+: "identity\.user\.deleted\.v1" is not in EVENT_TOPICS/,
    );
    expect(result.stderr).not.toContain('"identity.user.verified.v1"');
  });

  it('fails when EVENT_TOPICS can no longer be read from the contracts', () => {
    const root = fixture();
    const contracts = path.join(root, 'libs/contracts/src/events/event-payloads.ts');
    writeFileSync(
      contracts,
      readFileSync(contracts, 'utf8').replace(/Object\.keys\(topics\)/, 'TOPIC_LIST'),
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'libs/contracts/src/events/event-payloads.ts: no EVENT_TOPICS = Object.keys(<object literal of quoted topics>) found',
    );
  });

  it('fails on a topic name that breaks <service>.<aggregate>.<event>.v<major>', () => {
    const root = fixture();
    writeFileSync(
      path.join(root, 'infra/kafka/topics.txt'),
      'fields.field.created.v1 3\nFieldCreated 3\n',
    );
    editYamlDocs(root, 'k8s/components/strimzi-kafka/kafka-topics.yaml', () => undefined);
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'infra/kafka/topics.txt: line 2: "FieldCreated" is not <service>.<aggregate>.<event>.v<major> in lower case',
    );
  });
});

describe('validate-deploy on the distributed-mode defects (issue 10)', () => {
  const editText = (root: string, file: string, edit: (text: string) => string) => {
    const abs = path.join(root, file);
    writeFileSync(abs, edit(readFileSync(abs, 'utf8')));
  };

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
        /connections: poolers \d+ \(instances x default_pool_size x \d+ databases\) \+ migrations \d+ exceed max_connections \d+ - 3 reserved/,
      );
      expect(result.status).toBe(1);
    },
  );
});
