import * as path from 'node:path';
import { formatFiles, generateFiles, names, type Tree } from '@nx/devkit';

export interface ServiceGeneratorSchema {
  /** kebab case: the service's name, schema, image, API area and UPSTREAM_<NAME>_URL. */
  name: string;
  /** The first use case's folder; default `list-<name>`. */
  useCase?: string;
  /** Port offset from SERVICE_PORT_BASE (3000); default the next free one. */
  offset?: number;
}

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const APPS_FILE = 'infra/embedded/apps.mjs';

/** Ports a service may not take: the gateway's management listener (9), the gateway and PG (30, 31). */
const RESERVED_OFFSETS = [9, 30, 31];

/** The top-level `{ … }` entries of the SERVICES array of apps.mjs (entries nest `env: {…}`). */
export function serviceEntries(appsSource: string): string[] {
  const start = appsSource.indexOf('export const SERVICES');
  const open = appsSource.indexOf('[', start);
  if (start < 0 || open < 0) return [];
  const entries: string[] = [];
  let depth = 0;
  let from = -1;
  for (let i = open + 1; i < appsSource.length; i++) {
    const c = appsSource[i];
    if (c === '{' && depth++ === 0) from = i;
    else if (c === '}' && --depth === 0) entries.push(appsSource.slice(from, i + 1));
    else if (c === ']' && depth === 0) break;
  }
  return entries;
}

/** Offsets taken in apps.mjs, cluster replicas included (replica i listens on port + 10 i). */
export function takenOffsets(appsSource: string): Set<number> {
  const taken = new Set(RESERVED_OFFSETS);
  for (const entry of serviceEntries(appsSource)) {
    const offset = Number(/offset:\s*(\d+)/.exec(entry)?.[1]);
    if (!Number.isInteger(offset)) continue;
    const replicas = Number(/clusterReplicas:\s*(\d+)/.exec(entry)?.[1] ?? 1);
    for (let i = 0; i < replicas; i++) taken.add(offset + 10 * i);
  }
  return taken;
}

export function nextFreeOffset(appsSource: string): number {
  const taken = takenOffsets(appsSource);
  for (let offset = 1; offset < 30; offset++) if (!taken.has(offset)) return offset;
  throw new Error('no free port offset below 30 in infra/embedded/apps.mjs');
}

const envName = (name: string) => name.toUpperCase().replace(/-/g, '_');
const upstreamVar = (name: string) => `UPSTREAM_${envName(name)}_URL`;
const quoteKey = (name: string) => (name.includes('-') ? `'${name}'` : name);

function edit(tree: Tree, file: string, change: (source: string) => string): void {
  if (!tree.exists(file)) return;
  const before = tree.read(file, 'utf-8') ?? '';
  const after = change(before);
  if (after !== before) tree.write(file, after);
}

/** Inserts `text` before the first match of `anchor` at or after `from`; refuses when missing. */
function insertBefore(source: string, anchor: RegExp, text: string, file: string): string {
  const match = anchor.exec(source);
  if (!match) throw new Error(`${file}: cannot find ${anchor} to add the service`);
  return source.slice(0, match.index) + text + source.slice(match.index);
}

/** The lines of the list item starting at `start` (its deeper-indented continuation lines). */
function listItemAt(lines: string[], start: number): string[] {
  const indent = /^(\s*)-/.exec(lines[start]!)![1]!.length;
  const out = [lines[start]!];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const lead = /^(\s*)/.exec(line)![1]!.length;
    if (line.trim() === '' || lead <= indent) break;
    out.push(line);
  }
  return out;
}

/**
 * Copies the YAML list item that `marker` starts (e.g. `- name: loadout/fields`) with `fields`
 * replaced by the new name, right after it; nothing when `exists` is already present.
 */
export function copyListItem(
  source: string,
  marker: RegExp,
  from: string,
  to: string,
  exists: RegExp,
): string {
  if (exists.test(source)) return source;
  const lines = source.split('\n');
  const start = lines.findIndex((l) => marker.test(l));
  if (start < 0) return source;
  const item = listItemAt(lines, start);
  const copy = item.map((l) => l.replace(new RegExp(`\\b${from}\\b`, 'g'), to));
  lines.splice(start + item.length, 0, ...copy);
  return lines.join('\n');
}

function addToApps(tree: Tree, name: string, offset: number): void {
  edit(tree, APPS_FILE, (s) => {
    if (new RegExp(`name: '${name}'`).test(s.split('export const FRONTENDS')[0]!)) return s;
    const services = s.indexOf('export const SERVICES');
    const end = s.indexOf('\n];', services);
    if (services < 0 || end < 0) throw new Error(`${APPS_FILE}: no SERVICES list`);
    const line = `\n  { name: '${name}', dir: 'services/${name}', offset: ${offset} },`;
    return s.slice(0, end) + line + s.slice(end);
  });
}

function addToGateway(tree: Tree, name: string): void {
  edit(tree, 'gateway/src/gateway.config.ts', (s) => {
    let out = s;
    if (!new RegExp(`^\\s*'${name}',$`, 'm').test(out))
      out = insertBefore(out, /\n\] as const;/, `\n  '${name}',`, 'gateway.config.ts');
    if (!out.includes(`${upstreamVar(name)}:`)) {
      const last = [...out.matchAll(/^ {2}UPSTREAM_[A-Z_]+_URL: optionalUrl,$/gm)].pop();
      if (!last) throw new Error('gateway.config.ts: no UPSTREAM_*_URL variables');
      const at = last.index + last[0].length;
      out = `${out.slice(0, at)}\n  ${upstreamVar(name)}: optionalUrl,${out.slice(at)}`;
    }
    return out;
  });
  // The API area /api/v1/<name> goes to the service; its OpenAPI paths join /api/docs through
  // the gateway's SERVICES list (api-docs.controller merges every upstream's document).
  edit(tree, 'gateway/src/proxy/route-table.ts', (s) => {
    const start = s.indexOf('const OWNER_BY_AREA');
    const end = s.indexOf('\n};', start);
    if (start < 0 || end < 0) throw new Error('route-table.ts: no OWNER_BY_AREA');
    const owner = new RegExp(`^\\s*${quoteKey(name)}: '([a-z-]+)',`, 'm').exec(s.slice(start, end));
    if (owner?.[1] === name) return s;
    if (owner) throw new Error(`the API area /api/v1/${name} belongs to ${owner[1]} already`);
    return `${s.slice(0, end)}\n  ${quoteKey(name)}: '${name}',${s.slice(end)}`;
  });
}

function composeBlocks(name: string, port: number): { anchor: string; services: string } {
  const anchor = `x-${name}-build: &${name}-build
  context: .
  dockerfile: infra/docker/node-service.Dockerfile
  args:
    SERVICE: ${name}
    PORT: '${port}'

`;
  const env = `      <<: *service-env
      PORT: '${port}'
      DATABASE_URL: postgres://${name}:${name}-dev-password@postgres:5432/loadout`;
  const services = `  ${name}-migrate:
    # One-shot: applies the ${name} migrations, then seeds development data, then exits 0.
    build: *${name}-build
    image: loadout/${name}:local
    command:
      [
        'sh',
        '-c',
        'node dist/services/${name}/src/migrate.js && node dist/services/${name}/src/seed.js',
      ]
    environment:
${env}
    healthcheck:
      disable: true
    depends_on:
      postgres:
        condition: service_healthy
    restart: 'no'

  ${name}:
    build: *${name}-build
    image: loadout/${name}:local
    init: true
    environment:
${env}
    healthcheck: *app-healthcheck
    depends_on:
      ${name}-migrate:
        condition: service_completed_successfully
      kafka-init:
        condition: service_completed_successfully
      postgres:
        condition: service_healthy
      kafka:
        condition: service_healthy
      redis:
        condition: service_healthy
    restart: unless-stopped

`;
  return { anchor, services };
}

function addToCompose(tree: Tree, name: string, port: number): void {
  edit(tree, 'docker-compose.yml', (s) => {
    if (new RegExp(`^ {2}${name}:$`, 'm').test(s)) return s;
    const { anchor, services } = composeBlocks(name, port);
    let out = insertBefore(s, /^services:$/m, anchor, 'docker-compose.yml');
    out = insertBefore(out, /^networks:$/m, services, 'docker-compose.yml');
    // The gateway routes to it and waits for it.
    const gateway = /^ {2}gateway:$/m.exec(out);
    if (!gateway) throw new Error('docker-compose.yml: no gateway service');
    const rest = out.slice(gateway.index);
    const lastUpstream = [...rest.matchAll(/^ {6}UPSTREAM_[A-Z_]+_URL: .*$/gm)].pop();
    if (!lastUpstream) throw new Error('docker-compose.yml: the gateway has no UPSTREAM_*_URL');
    const at = gateway.index + lastUpstream.index + lastUpstream[0].length;
    out = `${out.slice(0, at)}\n      ${upstreamVar(name)}: http://${name}:${port}${out.slice(at)}`;
    const dependsOn = /^ {4}depends_on:$/m.exec(out.slice(gateway.index));
    if (!dependsOn) throw new Error('docker-compose.yml: the gateway has no depends_on');
    const dAt = gateway.index + dependsOn.index + dependsOn[0].length;
    return `${out.slice(0, dAt)}\n      ${name}:\n        condition: service_healthy${out.slice(dAt)}`;
  });
  // compose's postgres creates one role and schema per listed service on first start.
  edit(tree, 'infra/postgres/init/10-service-schemas.sh', (s) =>
    s.replace(/(services="\$\{LOADOUT_SERVICES:-)([^}]*)\}/, (all, head: string, list: string) =>
      list.split(' ').includes(name) ? all : `${head}${list} ${name}}`,
    ),
  );
}

function addToKubernetes(tree: Tree, name: string, port: number): void {
  edit(tree, 'k8s/base/kustomization.yaml', (s) => {
    if (s.includes(`  - ${name}/deployment.yaml`)) return s;
    const files = ['deployment', 'service', 'hpa', 'pdb', 'migrate-job'].map(
      (f) => `  - ${name}/${f}.yaml`,
    );
    const lastJob = [...s.matchAll(/^ {2}- [a-z-]+\/migrate-job\.yaml$/gm)].pop();
    if (!lastJob) throw new Error('k8s/base/kustomization.yaml: no service resources');
    const at = lastJob.index + lastJob[0].length;
    const withResources = `${s.slice(0, at)}\n${files.join('\n')}${s.slice(at)}`;
    return `${withResources.trimEnd()}\n  - name: ${name}-config\n    envs:\n      - ${name}/config.env\n`;
  });
  edit(tree, 'k8s/base/networkpolicy.yaml', (s) =>
    s.replace(/(name: services-from-gateway[\s\S]*?values: \[)([^\]]*)\]/, (all, head, list) =>
      (list as string).split(/,\s*/).includes(name) ? all : `${head}${list}, ${name}]`,
    ),
  );
  edit(tree, 'k8s/base/gateway/config.env', (s) =>
    s.includes(`${upstreamVar(name)}=`)
      ? s
      : `${s.trimEnd()}\n${upstreamVar(name)}=http://${name}:${port}\n`,
  );
  const image = new RegExp(`^\\s*- name: loadout/${name}$`, 'm');
  for (const overlay of ['dev', 'prod'])
    edit(tree, `k8s/overlays/${overlay}/kustomization.yaml`, (s) =>
      copyListItem(s, /^\s*- name: loadout\/fields$/, 'fields', name, image),
    );
  edit(tree, 'k8s/components/cloudnative-pg/cluster.yaml', (s) =>
    copyListItem(
      s,
      /^\s*- name: fields$/,
      'fields',
      name,
      new RegExp(`name: ${name}-db-credentials`),
    ),
  );
  edit(tree, 'k8s/components/cloudnative-pg/databases.yaml', (s) =>
    copyDocument(s, /^ {2}name: loadout-pg-fields$/m, 'fields', name),
  );
  // Each overlay sizes every service: its HPA range and resources, as for fields to start with.
  for (const file of [
    'k8s/overlays/dev/patches/autoscaling.yaml',
    'k8s/overlays/dev/patches/resources.yaml',
    'k8s/overlays/dev/patches/migrate-and-seed.yaml',
    'k8s/overlays/prod/patches/autoscaling.yaml',
    'k8s/overlays/prod/patches/resources.yaml',
  ])
    edit(tree, file, (s) => copyDocument(s, /^ {2}name: fields(-migrate)?$/m, 'fields', name));
}

/**
 * Appends a copy of the `---`-separated YAML document that `marker` finds, with `from` replaced
 * by `to`; nothing when the copy's first name line exists already.
 */
export function copyDocument(source: string, marker: RegExp, from: string, to: string): string {
  const docs = source.split(/^---\n/m);
  const found = docs.find((d) => marker.test(d));
  if (!found) return source;
  const copy = found
    .replace(/^(#.*\n)+/, '')
    .replace(new RegExp(`\\b${from}\\b`, 'g'), to)
    .trimEnd();
  const nameLine = /^ {2}name: .*$/m.exec(copy)?.[0];
  if (nameLine && source.split('\n').includes(nameLine)) return source;
  return `${source.trimEnd()}\n---\n${copy}\n`;
}

function addToSecuritySuite(tree: Tree, name: string, offset: number, useCasePath: string): void {
  edit(tree, 'infra/security-suite/src/services.ts', (s) =>
    s.includes(`name: '${name}'`)
      ? s
      : insertBefore(
          s,
          /\n\] as const;/,
          `\n  { name: '${name}', offset: ${offset} },`,
          'security-suite services.ts',
        ),
  );
  edit(tree, 'infra/security-suite/src/access-table.ts', (s) => {
    const key = `'GET ${useCasePath}'`;
    if (s.includes(key)) return s;
    const end = s.lastIndexOf('\n};');
    if (end < 0) throw new Error('access-table.ts: no ACCESS table');
    const row = `\n  // ${name}: its first use case is an admin's.\n  ${key}: { anonymous: 401, other: 403, admin: 200, owner: 403 },`;
    return s.slice(0, end) + row + s.slice(end);
  });
}

/** `nx g @loadout/service-kit:service NAME`: a new service on the kit with its deploy entries. */
export default async function serviceGenerator(
  tree: Tree,
  options: ServiceGeneratorSchema,
): Promise<() => void> {
  const name = options.name;
  if (!KEBAB.test(name)) throw new Error(`"${name}" is not a kebab-case service name`);
  const useCase = options.useCase ?? `list-${name}`;
  if (!KEBAB.test(useCase)) throw new Error(`"${useCase}" is not a kebab-case use case name`);
  const root = `services/${name}`;
  if (tree.exists(`${root}/project.json`)) throw new Error(`${root} exists already`);
  const apps = tree.read(APPS_FILE, 'utf-8') ?? '';
  const existing = new RegExp(`name: '${name}', dir: 'services/${name}', offset: (\\d+)`).exec(
    apps,
  );
  const offset = options.offset ?? (existing ? Number(existing[1]) : nextFreeOffset(apps));
  if (!existing && takenOffsets(apps).has(offset))
    throw new Error(`port offset ${offset} is taken in ${APPS_FILE}`);
  const port = 3000 + offset;
  const n = names(name);
  const u = names(useCase);
  const timestamp = Date.now();
  generateFiles(tree, path.join(__dirname, 'files'), '.', {
    name,
    className: n.className,
    propertyName: n.propertyName,
    constantName: envName(name),
    useCase,
    useCaseClass: u.className,
    port,
    offset,
    timestamp,
    tmpl: '',
  });
  addToApps(tree, name, offset);
  addToGateway(tree, name);
  addToCompose(tree, name, port);
  addToKubernetes(tree, name, port);
  addToSecuritySuite(tree, name, offset, `/api/v1/${name}`);
  await formatFiles(tree);
  return () => {
    console.log(
      [
        `${root}: made. Next:`,
        `  npx nx run ${name}:test          its tests (real PostgreSQL)`,
        `  node infra/scripts/validate-deploy.mjs   the deploy entries`,
        `  write its use cases, then a row per route in infra/security-suite/src/access-table.ts`,
      ].join('\n'),
    );
  };
}
