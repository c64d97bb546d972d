// The fixture every validate-deploy case works on: a temporary copy of the deployment files
// with stand-ins for the application sources, and the validator run over it.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';

export const repoRoot = path.resolve(__dirname, '../../..');
const validator = path.join(repoRoot, 'infra/scripts/validate-deploy.mjs');

/** The deployment files under test, copied into each fixture. */
const DEPLOY_FILES = [
  'docker-compose.yml',
  '.dockerignore',
  '.nvmrc',
  'infra/docker',
  'infra/kafka',
  'infra/postgres',
  'infra/jvm/pom.xml',
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
  // every service the compose file builds (a new one is picked up without editing this list)
  ...readdirSync(path.join(repoRoot, 'services'), { withFileTypes: true })
    .filter(
      (d) => d.isDirectory() && existsSync(path.join(repoRoot, 'services', d.name, 'src/main.ts')),
    )
    .map((d) => `services/${d.name}/src/main.ts`),
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

export function run(root: string, { env = process.env, k8s = true }: RunOptions = {}): RunResult {
  const args = [validator, '--root', root, ...(k8s ? [] : ['--skip-k8s'])];
  // A run takes ~4 s of CPU, but two kustomize renders wait for a core on a busy two-core
  // machine: 60 s was exceeded at a load average of 30 (issue 27).
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', env, timeout: 240_000 });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    output: `${result.stdout}\n${result.stderr}`,
  };
}

export const hasKubectl = (() => {
  const probe = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  return probe.status === 0;
})();
/** Kubernetes cases need `kubectl kustomize`; without it they are not registered and the output says why. */
export const itWithKubectl = (name: string, fn: () => void): void => {
  if (hasKubectl) it(name, fn);
  else console.log(`skipped: kubectl not found (${name})`);
};

const tempRoots: string[] = [];

export function fixture(): string {
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

export function editYaml(
  root: string,
  file: string,
  edit: (doc: Record<string, unknown>) => void,
): void {
  const abs = path.join(root, file);
  const doc = parse(readFileSync(abs, 'utf8'), { merge: true, maxAliasCount: -1 }) as Record<
    string,
    unknown
  >;
  edit(doc);
  writeFileSync(abs, stringify(doc));
}

/** Rewrites a text file of the fixture. */
export function editText(root: string, file: string, edit: (text: string) => string): void {
  const abs = path.join(root, file);
  writeFileSync(abs, edit(readFileSync(abs, 'utf8')));
}

/** Edits every document of a multi-document YAML file. */
export function editYamlDocs(
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

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Removes the fixtures this file made; each spec file calls it in `afterAll`. */
export function removeFixtures(): void {
  for (const root of tempRoots.splice(0)) rmSync(root, { recursive: true, force: true });
}
