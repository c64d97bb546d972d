import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import serviceGenerator, {
  copyDocument,
  copyListItem,
  nextFreeOffset,
  takenOffsets,
} from './generator';

const ROOT = path.resolve(__dirname, '../../../../..');
// jest cannot import prettier (ESM); the real `nx g` run formats what it writes.
process.env['NX_SKIP_FORMAT'] = 'true';

/** The deploy files the generator edits (and the formatting rules), as in the repository. */
const DEPLOY_FILES = [
  '.prettierrc.json',
  '.prettierignore',
  'infra/embedded/apps.mjs',
  'gateway/src/gateway.config.ts',
  'gateway/src/proxy/route-table.ts',
  'docker-compose.yml',
  'infra/postgres/init/10-service-schemas.sh',
  'k8s/base/kustomization.yaml',
  'k8s/base/networkpolicy.yaml',
  'k8s/base/gateway/config.env',
  'k8s/overlays/dev/kustomization.yaml',
  'k8s/overlays/prod/kustomization.yaml',
  'k8s/components/cloudnative-pg/cluster.yaml',
  'k8s/components/cloudnative-pg/databases.yaml',
  'k8s/overlays/dev/patches/autoscaling.yaml',
  'k8s/overlays/dev/patches/resources.yaml',
  'k8s/overlays/dev/patches/migrate-and-seed.yaml',
  'k8s/overlays/prod/patches/autoscaling.yaml',
  'k8s/overlays/prod/patches/resources.yaml',
  'infra/security-suite/src/services.ts',
  'infra/security-suite/src/access-table.ts',
];

function workspace(): Tree {
  const tree = createTreeWithEmptyWorkspace();
  // The empty workspace configures oxfmt too; this repository formats with prettier only.
  for (const file of tree.children('')) if (file.startsWith('.oxfmtrc')) tree.delete(file);
  for (const file of DEPLOY_FILES) tree.write(file, readFileSync(path.join(ROOT, file), 'utf8'));
  return tree;
}

const read = (tree: Tree, file: string) => tree.read(file, 'utf-8') ?? '';

describe('nx g @loadout/service-kit:service', () => {
  let tree: Tree;
  let offset: number;

  beforeAll(async () => {
    tree = workspace();
    offset = nextFreeOffset(read(tree, 'infra/embedded/apps.mjs'));
    await serviceGenerator(tree, { name: 'wishlists' });
  }, 30_000);

  it('makes the project files, definition, processes, migration, first use case and tests', () => {
    for (const file of [
      'project.json',
      'jest.config.cjs',
      'tsconfig.json',
      'README.md',
      'src/wishlists.config.ts',
      'src/wishlists.service.ts',
      'src/main.ts',
      'src/tracing.ts',
      'src/migrate.ts',
      'src/seed.ts',
      'src/migrations/index.ts',
      'src/wishlists/wishlists.module.ts',
      'src/wishlists/list-wishlists/list-wishlists.controller.ts',
      'src/wishlists/list-wishlists/list-wishlists.handler.ts',
      'test/service.int-spec.ts',
      'test/list-wishlists.int-spec.ts',
    ])
      expect(tree.exists(`services/wishlists/${file}`)).toBe(true);
    const project = JSON.parse(read(tree, 'services/wishlists/project.json'));
    expect(project).toMatchObject({ name: 'wishlists', tags: ['scope:backend', 'type:app'] });
    expect(Object.keys(project.targets)).toEqual(
      expect.arrayContaining(['build', 'lint', 'typecheck', 'test', 'db:migrate', 'db:seed']),
    );
    expect(read(tree, 'services/wishlists/src/wishlists.service.ts')).toContain(
      "defineService({\n  name: 'wishlists',",
    );
    expect(read(tree, 'services/wishlists/src/main.ts')).toContain('runService(wishlistsService);');
    // Tracing starts before anything else is loaded (ADR 0040).
    expect(read(tree, 'services/wishlists/src/main.ts')).toMatch(
      /^(\/\/.*\n)*import '\.\/tracing';/,
    );
    expect(read(tree, 'services/wishlists/src/tracing.ts')).toContain("startTracing('wishlists');");
    expect(read(tree, 'services/wishlists/src/wishlists.config.ts')).toContain(
      `portVar(${3000 + offset})`,
    );
    const migration = tree
      .children('services/wishlists/src/migrations')
      .find((f) => /^\d+-create-wishlists\.ts$/.test(f));
    expect(read(tree, `services/wishlists/src/migrations/${migration}`)).toContain(
      "createEventTables(q, 'wishlists')",
    );
    expect(
      read(tree, 'services/wishlists/src/wishlists/list-wishlists/list-wishlists.controller.ts'),
    ).toContain("@Roles('admin')");
    // No template syntax is left in any generated file.
    const leftovers = [
      ...tree.listChanges().filter((c) => c.content?.toString().includes('<%=')),
    ].map((c) => c.path);
    expect(leftovers).toEqual([]);
  });

  it('adds the service to npm start, the gateway (route and OpenAPI merge) and the suite', () => {
    expect(read(tree, 'infra/embedded/apps.mjs')).toContain(
      `{ name: 'wishlists', dir: 'services/wishlists', offset: ${offset} },`,
    );
    const gatewayConfig = read(tree, 'gateway/src/gateway.config.ts');
    expect(gatewayConfig).toMatch(/'admin',\n\s+'wishlists',\n\] as const;/);
    expect(gatewayConfig).toContain('UPSTREAM_WISHLISTS_URL: optionalUrl,');
    expect(read(tree, 'gateway/src/proxy/route-table.ts')).toContain("wishlists: 'wishlists',");
    expect(read(tree, 'infra/security-suite/src/services.ts')).toContain(
      `{ name: 'wishlists', offset: ${offset} },`,
    );
    expect(read(tree, 'infra/security-suite/src/access-table.ts')).toContain(
      "'GET /api/v1/wishlists': { anonymous: 401, other: 403, admin: 200, owner: 403 },",
    );
  });

  it('adds compose services, the gateway upstream and a database role', () => {
    const compose = read(tree, 'docker-compose.yml');
    const port = 3000 + offset;
    expect(compose).toContain(`x-wishlists-build: &wishlists-build`);
    expect(compose.indexOf('x-wishlists-build')).toBeLessThan(compose.indexOf('\nservices:'));
    expect(compose).toMatch(/\n {2}wishlists-migrate:\n/);
    expect(compose).toMatch(/\n {2}wishlists:\n {4}build: \*wishlists-build/);
    expect(compose).toContain(`UPSTREAM_WISHLISTS_URL: http://wishlists:${port}`);
    expect(compose).toContain('postgres://wishlists:wishlists-dev-password@postgres:5432/loadout');
    const gateway = compose.slice(compose.indexOf('\n  gateway:\n'));
    expect(gateway).toMatch(/depends_on:\n {6}wishlists:\n {8}condition: service_healthy/);
    expect(read(tree, 'infra/postgres/init/10-service-schemas.sh')).toMatch(
      /LOADOUT_SERVICES:-[a-z ]* wishlists\}/,
    );
  });

  it('adds the Kubernetes base, overlays and database entries', () => {
    for (const f of ['deployment', 'service', 'hpa', 'pdb', 'migrate-job'])
      expect(read(tree, 'k8s/base/kustomization.yaml')).toContain(`  - wishlists/${f}.yaml`);
    expect(read(tree, 'k8s/base/kustomization.yaml')).toMatch(
      /- name: wishlists-config\n {4}envs:\n {6}- wishlists\/config.env\n$/,
    );
    const deployment = read(tree, 'k8s/base/wishlists/deployment.yaml');
    expect(deployment).toContain('image: loadout/wishlists');
    expect(deployment).toContain(`containerPort: ${3000 + offset}`);
    expect(deployment).not.toContain('fields');
    expect(read(tree, 'k8s/base/wishlists/config.env')).toBe(`PORT=${3000 + offset}\n`);
    expect(read(tree, 'k8s/base/networkpolicy.yaml')).toMatch(/values: \[[a-z, ]*, wishlists\]/);
    expect(read(tree, 'k8s/base/gateway/config.env')).toContain(
      `UPSTREAM_WISHLISTS_URL=http://wishlists:${3000 + offset}`,
    );
    expect(read(tree, 'k8s/overlays/dev/kustomization.yaml')).toContain(
      '  - name: loadout/wishlists\n    newTag: dev',
    );
    expect(read(tree, 'k8s/overlays/prod/kustomization.yaml')).toContain(
      '  - name: loadout/wishlists\n    newName: registry.loadout.ie/loadout/wishlists',
    );
    expect(read(tree, 'k8s/components/cloudnative-pg/cluster.yaml')).toContain(
      'name: wishlists-db-credentials',
    );
    expect(read(tree, 'k8s/components/cloudnative-pg/databases.yaml')).toContain(
      'name: loadout-pg-wishlists\nspec:\n  name: wishlists\n  owner: wishlists',
    );
    for (const overlay of ['dev', 'prod']) {
      const hpa = read(tree, `k8s/overlays/${overlay}/patches/autoscaling.yaml`);
      expect(hpa).toMatch(/kind: HorizontalPodAutoscaler\nmetadata:\n {2}name: wishlists\n/);
      const resources = read(tree, `k8s/overlays/${overlay}/patches/resources.yaml`);
      expect(resources).toMatch(/name: wishlists\n[\s\S]*- name: wishlists\n {10}resources:/);
    }
    expect(read(tree, 'k8s/overlays/dev/patches/migrate-and-seed.yaml')).toContain(
      'node dist/services/wishlists/src/migrate.js && node dist/services/wishlists/src/seed.js',
    );
  });

  it('refuses a service that exists, a name that is not kebab case and a taken offset', async () => {
    await expect(serviceGenerator(tree, { name: 'wishlists' })).rejects.toThrow(/exists already/);
    await expect(serviceGenerator(workspace(), { name: 'Wishlists' })).rejects.toThrow(/kebab/);
    // An area another service owns would be left routed there, silently.
    await expect(serviceGenerator(workspace(), { name: 'disputes' })).rejects.toThrow(
      'the API area /api/v1/disputes belongs to orders already',
    );
    await expect(serviceGenerator(workspace(), { name: 'ratings', offset: 9 })).rejects.toThrow(
      /offset 9 is taken/,
    );
  });

  it('keeps deploy entries that exist (the gateway already routes admin) and adds no twin', async () => {
    const t = workspace();
    const before = read(t, 'gateway/src/proxy/route-table.ts');
    await serviceGenerator(t, { name: 'admin', useCase: 'list-bug-reports' });
    expect(read(t, 'gateway/src/proxy/route-table.ts')).toBe(before);
    expect(read(t, 'gateway/src/gateway.config.ts').match(/'admin',/g)).toHaveLength(1);
    expect(read(t, 'infra/postgres/init/10-service-schemas.sh').match(/ admin\}/g)).toHaveLength(1);
    expect(t.exists('services/admin/src/admin/list-bug-reports/list-bug-reports.handler.ts')).toBe(
      true,
    );
  });
});

describe('port offsets', () => {
  it('skips the management port and the ports of cluster replicas', () => {
    const apps = `export const SERVICES = [
  { name: 'a', dir: 'services/a', offset: 1 },
  {
    name: 'b',
    dir: 'services/b',
    offset: 2,
    env: { OBJECT_STORAGE: 'filesystem' },
    clusterReplicas: 2,
  },
  { name: 'c', dir: 'services/c', offset: 3, env: { PAYMENTS_PROVIDER: 'simulated' } },
  { name: 'd', dir: 'services/d', offset: 4 },
  { name: 'e', dir: 'services/e', offset: 5 },
  { name: 'f', dir: 'services/f', offset: 6 },
  { name: 'g', dir: 'services/g', offset: 7 },
  { name: 'h', dir: 'services/h', offset: 8 },
];`;
    expect([...takenOffsets(apps)].sort((x, y) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 30, 31,
    ]);
    expect(nextFreeOffset(apps)).toBe(10);
  });

  it('gives a new service a port no service of the repository has', () => {
    const apps = readFileSync(path.join(ROOT, 'infra/embedded/apps.mjs'), 'utf8');
    const ports = [...apps.matchAll(/offset: (\d+)/g)].map((m) => Number(m[1]));
    expect(ports.length).toBeGreaterThanOrEqual(6);
    expect(ports).not.toContain(nextFreeOffset(apps));
  });
});

describe('copyDocument', () => {
  it('appends a renamed copy of the document once, without its leading comments', () => {
    const yaml =
      '# sizes\nkind: HPA\nmetadata:\n  name: fields\n---\nkind: HPA\nmetadata:\n  name: orders\n';
    const once = copyDocument(yaml, /^ {2}name: fields$/m, 'fields', 'admin');
    expect(once).toBe(`${yaml}---\nkind: HPA\nmetadata:\n  name: admin\n`);
    expect(copyDocument(once, /^ {2}name: fields$/m, 'fields', 'admin')).toBe(once);
  });
});

describe('copyListItem', () => {
  it('copies a YAML list item with its continuation lines, once', () => {
    const yaml = 'images:\n  - name: loadout/fields\n    newTag: dev\n  - name: loadout/x\n';
    const once = copyListItem(
      yaml,
      /^\s*- name: loadout\/fields$/,
      'fields',
      'admin',
      /loadout\/admin$/m,
    );
    expect(once).toBe(
      'images:\n  - name: loadout/fields\n    newTag: dev\n  - name: loadout/admin\n    newTag: dev\n  - name: loadout/x\n',
    );
    expect(
      copyListItem(once, /^\s*- name: loadout\/fields$/, 'fields', 'admin', /loadout\/admin$/m),
    ).toBe(once);
  });
});
