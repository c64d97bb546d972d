#!/usr/bin/env node
// Checks the deployment files without Docker or a cluster:
//   (a) docker-compose.yml: Compose Specification schema (infra/schemas/compose-spec.subset.json)
//       plus cross-checks (depends_on targets and conditions, build contexts and Dockerfiles,
//       mounted host paths, healthchecks, published ports, hosts named in URLs, interpolation);
//   (b) k8s/overlays/*: rendered with `kubectl kustomize`, then probes, resources, security
//       context, selectors, HPA/PDB/Ingress targets, ConfigMap references, literal Secrets,
//       Strimzi topics (skipped, with a message, when kubectl is missing);
//   (c) infra/docker/*.Dockerfile: multi-stage, COPY sources exist and are not .dockerignored,
//       build args supplied, non-root user, HEALTHCHECK, Node version = .nvmrc;
//   plus infra/kafka/topics.txt against the event contracts (EVENT_TOPICS of
//   libs/contracts/src/events/event-payloads.ts) and the KafkaTopic resources generated from it,
//   the Keycloak realms compose imports, the variables the apps refuse to start without
//   (APP_ENV_RULES: identity's Keycloak issuer, notifications' mail transport, orders' token and
//   payments provider, listings' object storage), and that the gateway has an UPSTREAM_<NAME>_URL for every service that runs.
//
// Usage: node infra/scripts/validate-deploy.mjs [--root <dir>] [--skip-k8s]
// Exit code 0 when there is no error (warnings do not fail), 1 otherwise.
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { parseTopics, renderStrimziTopics, STRIMZI_TOPICS_FILE } from '../kafka/topics.mjs';

const require = createRequire(import.meta.url);
const Ajv = require('ajv');

const SCRIPT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Host paths a compose bind mount may name before they exist (a later issue adds them). */
const PENDING_PATHS = new Map([
  [
    'infra/keycloak',
    'the Keycloak realm file infra/keycloak/loadout-realm.json arrives with the identity service; Docker creates an empty directory meanwhile and Keycloak starts without the realm',
  ],
]);

/** Where EVENT_TOPICS is defined; infra/kafka/topics.txt must list exactly its topics. */
const CONTRACT_TOPICS_FILE = 'libs/contracts/src/events/event-payloads.ts';
/** Keycloak imports every realm file of this directory with `--import-realm`. */
const KEYCLOAK_IMPORT_DIR = '/opt/keycloak/data/import';

/** The issuer of a Keycloak realm: <base URL>/realms/<realm>. */
const keycloakIssuer = (url, realm) =>
  `${String(url).replace(/\/+$/, '')}/realms/${encodeURIComponent(realm)}`;

/**
 * What each app's config refuses (or silently gets wrong), checked on the environment a compose
 * service or a Kubernetes container ends up with. `env` holds literal values; a value from a
 * Secret or the downward API is UNKNOWN (set, value not known here). `opaque` means some keys
 * may come from an envFrom Secret, so a missing variable is not an error.
 * Keep in step with services/<name>/src/<name>.config.ts (listings: also libs/storage/src/storage-env.ts
 * and create-object-storage.ts).
 */
const UNKNOWN = Symbol('unknown');
const APP_ENV_RULES = {
  identity(env, { opaque }) {
    const out = [];
    const provider = env.IDENTITY_PROVIDER ?? 'embedded';
    const production = env.NODE_ENV === 'production';
    if (provider === UNKNOWN) return out;
    if (!['embedded', 'keycloak'].includes(provider))
      out.push(`IDENTITY_PROVIDER "${provider}" must be embedded or keycloak`);
    if (env.OIDC_EXTRA_CLIENTS !== undefined && production)
      out.push(
        'OIDC_EXTRA_CLIENTS is for tests only; identity refuses it with NODE_ENV=production',
      );
    if (provider === 'keycloak') {
      if (env.KEYCLOAK_URL === undefined) {
        if (!opaque)
          out.push('IDENTITY_PROVIDER=keycloak needs KEYCLOAK_URL (identity refuses to start)');
      } else if (typeof env.KEYCLOAK_URL === 'string' && typeof env.AUTH_ISSUER === 'string') {
        const realm = typeof env.KEYCLOAK_REALM === 'string' ? env.KEYCLOAK_REALM : 'loadout';
        const expected = keycloakIssuer(env.KEYCLOAK_URL, realm);
        if (env.AUTH_ISSUER.replace(/\/+$/, '') !== expected)
          out.push(
            `AUTH_ISSUER ${env.AUTH_ISSUER} is not the issuer of KEYCLOAK_URL + KEYCLOAK_REALM (${expected}): the shell signs in there, so its tokens would be rejected`,
          );
      }
    } else if (provider === 'embedded' && typeof env.AUTH_ISSUER === 'string') {
      const publicUrl =
        typeof env.PUBLIC_URL === 'string' ? env.PUBLIC_URL : 'http://localhost:8080';
      const expected = `${publicUrl.replace(/\/+$/, '')}/oidc`;
      if (env.AUTH_ISSUER.replace(/\/+$/, '') !== expected)
        out.push(
          `AUTH_ISSUER ${env.AUTH_ISSUER} is not the embedded provider's issuer (PUBLIC_URL + /oidc = ${expected})`,
        );
    }
    return out;
  },
  notifications(env, { opaque }) {
    const out = [];
    const transport = env.MAIL_TRANSPORT ?? 'devbox';
    if (transport === UNKNOWN) return out;
    if (!['devbox', 'smtp'].includes(transport))
      out.push(`MAIL_TRANSPORT "${transport}" must be devbox or smtp`);
    if (transport === 'devbox' && env.NODE_ENV === 'production')
      out.push(
        `MAIL_TRANSPORT is ${env.MAIL_TRANSPORT === undefined ? 'unset (devbox)' : 'devbox'} with NODE_ENV=production: notifications refuses to start (the dev mailbox is public); set MAIL_TRANSPORT=smtp and SMTP_URL`,
      );
    if (transport === 'smtp' && env.SMTP_URL === undefined && !opaque)
      out.push('MAIL_TRANSPORT=smtp needs SMTP_URL (notifications refuses to start)');
    if (typeof env.SMTP_URL === 'string' && !/^smtps?:\/\/[^/\s]+/.test(env.SMTP_URL))
      out.push(`SMTP_URL "${env.SMTP_URL}" must be an smtp:// or smtps:// URL`);
    return out;
  },
  orders(env, { opaque }) {
    const out = [];
    if (env.INTERNAL_API_TOKEN === undefined && !opaque)
      out.push('INTERNAL_API_TOKEN is unset: orders refuses to start (it calls listings with it)');
    if (typeof env.INTERNAL_API_TOKEN === 'string' && env.INTERNAL_API_TOKEN.length < 16)
      out.push('INTERNAL_API_TOKEN must be at least 16 characters (orders refuses to start)');
    if (typeof env.LISTINGS_URL === 'string' && !/^https?:\/\/[^\s]+$/.test(env.LISTINGS_URL))
      out.push(`LISTINGS_URL "${env.LISTINGS_URL}" must be an http:// or https:// URL`);
    const provider = env.PAYMENTS_PROVIDER ?? 'simulated';
    if (provider === UNKNOWN) return out;
    if (!['simulated', 'stripe'].includes(provider))
      out.push(`PAYMENTS_PROVIDER "${provider}" must be simulated or stripe`);
    if (provider === 'stripe' && env.STRIPE_SECRET_KEY === undefined && !opaque)
      out.push('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    return out;
  },
  listings(env, { opaque }) {
    const out = [];
    const missing = (name) => env[name] === undefined && !opaque;
    // the S3 client takes an origin: scheme, host and port, no path
    for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_URL'])
      if (typeof env[name] === 'string' && !/^https?:\/\/[^/\s?#]+\/?$/.test(env[name]))
        out.push(`${name} "${env[name]}" must be an http:// or https:// origin without a path`);
    for (const name of ['UPLOAD_SIGNING_SECRET', 'INTERNAL_API_TOKEN'])
      if (typeof env[name] === 'string' && env[name].length < 16)
        out.push(`${name} must be at least 16 characters (listings refuses to start)`);
    if (missing('INTERNAL_API_TOKEN'))
      out.push(
        'INTERNAL_API_TOKEN is unset: the internal reserve/release/sold routes other services call answer 404',
      );
    const storage = env.OBJECT_STORAGE ?? 'filesystem';
    if (storage === UNKNOWN) return out;
    if (!['filesystem', 's3'].includes(storage))
      out.push(`OBJECT_STORAGE "${storage}" must be filesystem or s3`);
    if (storage === 'filesystem' && env.NODE_ENV === 'production')
      out.push(
        `OBJECT_STORAGE is ${env.OBJECT_STORAGE === undefined ? 'unset (filesystem)' : 'filesystem'} with NODE_ENV=production: photos would land on the container's own disk (lost with it, not shared between replicas); set OBJECT_STORAGE=s3 with S3_ENDPOINT, S3_PUBLIC_URL, S3_ACCESS_KEY and S3_SECRET_KEY`,
      );
    if (storage === 's3') {
      if (missing('S3_ENDPOINT'))
        out.push('OBJECT_STORAGE=s3 needs S3_ENDPOINT (the S3 API as the service reaches it)');
      if (missing('S3_PUBLIC_URL'))
        out.push(
          'OBJECT_STORAGE=s3 needs S3_PUBLIC_URL (the S3 API as the browser reaches it); without it image and upload URLs name S3_ENDPOINT, which the browser usually cannot reach (repeat it if the browser can)',
        );
      const keys = ['S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter(missing);
      if (keys.length > 0) out.push(`OBJECT_STORAGE=s3 needs ${keys.join(' and ')}`);
    }
    return out;
  },
};

/**
 * What every app refuses (libs/config loadConfig), the gateway included: an issuer without an
 * audience (identity's embedded provider supplies its own), the dev mailbox in production.
 */
function commonEnvRule(app, env, { opaque }) {
  const out = [];
  const embeddedIdentity =
    app === 'identity' && (env.IDENTITY_PROVIDER ?? 'embedded') === 'embedded';
  if (
    env.AUTH_ISSUER !== undefined &&
    env.AUTH_AUDIENCE === undefined &&
    !opaque &&
    !embeddedIdentity
  )
    out.push(
      'AUTH_ISSUER is set without AUTH_AUDIENCE: the app refuses to start (an ID token would pass as an access token)',
    );
  if (
    app !== 'gateway' &&
    env.NODE_ENV === 'production' &&
    env.TRUSTED_PROXIES === undefined &&
    !opaque
  )
    out.push(
      "TRUSTED_PROXIES is unset: the service cannot believe the gateway's client address, so every per-IP limit counts the gateway (ADR 0009)",
    );
  if (env.DEV_MAILBOX === 'on' && env.NODE_ENV === 'production')
    out.push(
      'DEV_MAILBOX=on with NODE_ENV=production: the app refuses to start (every mail would be public)',
    );
  return out;
}

/** The gateway's management listener (metrics, readiness): never the public port. */
const gatewayManagementPort = (env) =>
  typeof env.MANAGEMENT_PORT === 'string' ? env.MANAGEMENT_PORT : '9090';

/** `UPSTREAM_<NAME>_URL`, the gateway's variable for the service <name>. */
const upstreamVar = (service) => `UPSTREAM_${service.toUpperCase().replace(/-/g, '_')}_URL`;

/** The Module Federation remotes in frontends/ (a webpack config that builds remoteEntry.js). */
function remoteNames(root) {
  const dir = path.join(root, 'frontends');
  if (!isDir(dir)) return [];
  return readdirSync(dir)
    .filter((name) => {
      const config = path.join(dir, name, 'webpack.config.js');
      return existsSync(config) && readFileSync(config, 'utf8').includes("'remoteEntry.js'");
    })
    .sort();
}

/** Messages for a gateway REMOTES_MANIFEST that leaves out a remote (the shell cannot load it). */
function missingRemotes(root, manifest) {
  if (manifest === undefined) return [];
  let parsed;
  try {
    parsed = JSON.parse(String(manifest));
  } catch {
    return ['REMOTES_MANIFEST is not valid JSON'];
  }
  return remoteNames(root)
    .filter((name) => !isObject(parsed) || !isObject(parsed[name]))
    .map(
      (name) =>
        `REMOTES_MANIFEST has no "${name}" although frontends/${name} is a remote; the shell shows "not available" for its routes`,
    );
}

// ------------------------------------------------------------------------- reporting
const problems = [];
const notes = [];
const error = (file, message) => problems.push({ level: 'error', file, message });
const warn = (file, message) => problems.push({ level: 'warning', file, message });
const note = (message) => notes.push(message);

// ------------------------------------------------------------------------- helpers
function parseArgs(argv) {
  const opts = { root: SCRIPT_ROOT, skipK8s: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') opts.root = path.resolve(argv[++i]);
    else if (argv[i] === '--skip-k8s') opts.skipK8s = true;
    else if (argv[i] === '--help' || argv[i] === '-h') {
      console.log('usage: validate-deploy.mjs [--root <dir>] [--skip-k8s]');
      process.exit(0);
    } else {
      console.error(`validate-deploy: unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  return opts;
}

const rel = (root, p) => path.relative(root, p).split(path.sep).join('/') || '.';
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isDir = (p) => existsSync(p) && statSync(p).isDirectory();

function getAt(data, pointer) {
  if (!pointer) return data;
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, key) => (acc == null ? undefined : acc[key]), data);
}

const pointerToPath = (pointer) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

/** A glob (`*`, `?`, `**`) as a RegExp over a whole slash-separated path. */
function globToRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
        if (glob[i + 1] === '/') i++;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

// ------------------------------------------------------------------------- .dockerignore
function loadDockerignore(contextDir) {
  const file = path.join(contextDir, '.dockerignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = path.posix
        .normalize((negate ? l.slice(1) : l).replace(/^\/+/, ''))
        .replace(/\/+$/, '');
      return { negate, re: globToRegExp(pattern), pattern };
    });
}

/** Docker semantics: the last matching rule wins; a rule matching a parent dir excludes its content. */
function isDockerignored(rules, relPath) {
  const clean = path.posix
    .normalize(relPath)
    .replace(/^\.\/?/, '')
    .replace(/\/+$/, '');
  if (!clean || clean === '.') return false;
  const parts = clean.split('/');
  let excluded = false;
  for (const rule of rules) {
    for (let n = 1; n <= parts.length; n++) {
      if (rule.re.test(parts.slice(0, n).join('/'))) {
        excluded = !rule.negate;
        break;
      }
    }
  }
  return excluded;
}

// ------------------------------------------------------------------------- (a) compose
function formatAjvErrors(errors, data) {
  let work = errors.map((e) => ({ ...e }));
  const combinators = work
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
    .sort(
      (a, b) =>
        b.instancePath.length - a.instancePath.length || b.schemaPath.length - a.schemaPath.length,
    );
  for (const combo of combinators) {
    if (!work.includes(combo)) continue;
    const prefix = `${combo.schemaPath}/`;
    const branch = work.filter((e) => e !== combo && e.schemaPath.startsWith(prefix));
    work = work.filter((e) => e !== combo && !branch.includes(e));
    if (combo.keyword === 'anyOf' && branch.every((e) => e.keyword === 'required')) {
      const keys = branch.map((e) => `"${e.params.missingProperty}"`);
      work.push({ ...combo, message: `needs one of ${keys.join(', ')}`, keyword: 'custom' });
      continue;
    }
    const groups = new Map();
    for (const e of branch) {
      const index = e.schemaPath.slice(prefix.length).split('/')[0];
      if (!groups.has(index)) groups.set(index, []);
      groups.get(index).push(e);
    }
    const shallowType = (list) =>
      list.every((e) => e.keyword === 'type' && e.instancePath === combo.instancePath);
    const candidates = [...groups.values()].filter((list) => !shallowType(list));
    if (candidates.length > 0) {
      const depth = (list) => Math.max(...list.map((e) => e.instancePath.length));
      candidates.sort((a, b) => depth(b) - depth(a) || a.length - b.length);
      work.push(...candidates[0]);
    } else {
      const types = [...new Set(branch.flatMap((e) => [].concat(e.params.type ?? [])))];
      work.push({
        ...combo,
        keyword: 'custom',
        message: types.length ? `must be ${types.join(' or ')}` : 'does not match any allowed form',
      });
    }
  }
  const seen = new Set();
  const lines = [];
  for (const e of work) {
    const where = pointerToPath(e.instancePath) || '(top level)';
    let message;
    if (e.keyword === 'additionalProperties')
      message = `unknown key "${e.params.additionalProperty}"`;
    else if (e.keyword === 'required')
      message = `missing required key "${e.params.missingProperty}"`;
    else if (e.keyword === 'enum')
      message = `is ${JSON.stringify(getAt(data, e.instancePath))}, must be one of ${e.params.allowedValues.join(', ')}`;
    else if (e.keyword === 'pattern')
      message = `${JSON.stringify(getAt(data, e.instancePath))} does not have the expected format`;
    else message = e.message;
    const line = `${where}: ${message}`;
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  }
  return lines;
}

function normalizeEnvironment(env) {
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const i = entry.indexOf('=');
        return i === -1 ? [entry, undefined] : [entry.slice(0, i), entry.slice(i + 1)];
      }),
    );
  }
  return isObject(env) ? env : {};
}

function normalizeDependsOn(dependsOn) {
  if (Array.isArray(dependsOn))
    return Object.fromEntries(dependsOn.map((d) => [d, { condition: 'service_started' }]));
  return isObject(dependsOn) ? dependsOn : {};
}

function hasActiveHealthcheck(svc) {
  const hc = svc.healthcheck;
  if (!isObject(hc)) return false;
  if (hc.disable === true || hc.disable === 'true') return false;
  const test = hc.test;
  if (Array.isArray(test) ? test[0] === 'NONE' || test.length === 0 : !test) return false;
  return true;
}

function isOneShot(svc) {
  return svc.restart === 'no' || svc.restart === undefined;
}

/** Compose interpolates $VAR and ${VAR} from the host environment; $$ is a literal $. */
function checkInterpolation(file, text) {
  text.split('\n').forEach((line, i) => {
    if (/^\s*#/.test(line)) return;
    const re = /\$(\$|\{([^}]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
    let m;
    while ((m = re.exec(line))) {
      if (m[1] === '$') continue;
      const inner = m[2];
      if (inner !== undefined && /^[A-Za-z_][A-Za-z0-9_]*(:?[-?+])/.test(inner)) continue;
      error(
        file,
        `line ${i + 1}: "${m[0]}" is filled in by Compose from the host environment (empty when unset); write "$${m[0]}" for a literal $ or give a default \${NAME:-value}`,
      );
    }
  });
}

/** Host side of a `ports` entry ([IP:]HOST:CONTAINER[/proto] or long syntax); null if not published. */
function parseHostPort(entry) {
  if (typeof entry === 'number') return null;
  if (isObject(entry)) {
    return entry.published
      ? { ip: entry.host_ip ?? '0.0.0.0', port: String(entry.published) }
      : null;
  }
  let spec = String(entry).replace(/\/(tcp|udp|sctp)$/, '');
  let ip;
  const v6 = /^\[([^\]]+)\]:(.*)$/.exec(spec);
  if (v6) [, ip, spec] = v6;
  const parts = spec.split(':');
  if (parts.length === 3 && !ip) [ip] = parts.splice(0, 1);
  if (parts.length !== 2 || parts[0] === '') return null;
  return { ip: ip ?? '0.0.0.0', port: parts[0] };
}

function checkCompose(root) {
  const file = 'docker-compose.yml';
  const abs = path.join(root, file);
  if (!existsSync(abs)) {
    error(file, 'missing');
    return null;
  }
  const text = readFileSync(abs, 'utf8');
  const doc = YAML.parseDocument(text, { merge: true, uniqueKeys: true, prettyErrors: true });
  for (const e of doc.errors) error(file, `YAML: ${e.message.split('\n')[0]}`);
  for (const w of doc.warnings) warn(file, `YAML: ${w.message.split('\n')[0]}`);
  if (doc.errors.length > 0) return null;
  const compose = doc.toJS({ maxAliasCount: 1000 });
  if (!isObject(compose)) {
    error(file, 'is not a YAML mapping');
    return null;
  }

  const schemaFile = path.join(SCRIPT_ROOT, 'infra/schemas/compose-spec.subset.json');
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strictTuples: false });
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
  if (!validate(compose))
    for (const line of formatAjvErrors(validate.errors, compose)) error(file, line);

  if ('version' in compose)
    error(file, 'top-level "version" is obsolete in the Compose Specification: remove it');
  checkInterpolation(file, text);

  const services = isObject(compose.services) ? compose.services : {};
  const names = new Set(Object.keys(services));
  const declaredVolumes = new Set(Object.keys(isObject(compose.volumes) ? compose.volumes : {}));
  const completionTargets = new Set();
  const published = new Map();
  const builds = [];

  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc)) continue;
    const at = `services.${name}`;

    // depends_on
    for (const [dep, spec] of Object.entries(normalizeDependsOn(svc.depends_on))) {
      const condition = isObject(spec) ? spec.condition : undefined;
      if (dep === name) {
        error(file, `${at}.depends_on: a service cannot depend on itself`);
        continue;
      }
      if (!names.has(dep)) {
        error(file, `${at}.depends_on: "${dep}" is not a service of this file`);
        continue;
      }
      const target = services[dep];
      if (condition === 'service_healthy' && !hasActiveHealthcheck(target)) {
        error(
          file,
          `${at}.depends_on.${dep}: condition service_healthy, but "${dep}" has no (enabled) healthcheck, so it never becomes healthy`,
        );
      }
      if (condition === 'service_completed_successfully') {
        completionTargets.add(dep);
        if (!isOneShot(target)) {
          error(
            file,
            `${at}.depends_on.${dep}: condition service_completed_successfully, but "${dep}" has restart: ${target.restart} and is not a one-shot`,
          );
        }
      }
    }

    // build: context and Dockerfile
    if (svc.build !== undefined) {
      const build =
        typeof svc.build === 'string'
          ? { context: svc.build }
          : isObject(svc.build)
            ? svc.build
            : {};
      const context = build.context ?? '.';
      const contextAbs = path.resolve(root, context);
      if (/^[a-z]+:\/\//.test(context)) {
        warn(file, `${at}.build.context: remote context ${context} not checked`);
      } else if (!isDir(contextAbs)) {
        error(file, `${at}.build.context: "${context}" is not a directory`);
      } else if (!build.dockerfile_inline) {
        const dockerfile = build.dockerfile ?? 'Dockerfile';
        const dockerfileAbs = path.resolve(contextAbs, dockerfile);
        if (!existsSync(dockerfileAbs))
          error(
            file,
            `${at}.build.dockerfile: "${dockerfile}" does not exist (relative to context "${context}")`,
          );
        else
          builds.push({
            service: name,
            dockerfile: rel(root, dockerfileAbs),
            contextAbs,
            args: normalizeEnvironment(build.args),
          });
      }
    }

    // images: pinned
    if (svc.image && svc.build === undefined) {
      const lastSegment = String(svc.image).split('/').pop();
      if (!lastSegment.includes(':') && !lastSegment.includes('@'))
        error(file, `${at}.image: "${svc.image}" has no tag; pin a version`);
      else if (/:latest$/.test(svc.image))
        error(file, `${at}.image: "${svc.image}" uses :latest; pin a version`);
    }

    // volumes: host paths exist, named volumes declared
    for (const v of Array.isArray(svc.volumes) ? svc.volumes : []) {
      let type;
      let source;
      if (typeof v === 'string') {
        const parts = v.split(':');
        if (parts.length === 1) continue; // anonymous volume
        source = parts[0];
        type = /^[./~]/.test(source) ? 'bind' : 'volume';
      } else if (isObject(v)) {
        type = v.type;
        source = v.source;
      }
      if (type === 'bind' && source) {
        const hostAbs = path.resolve(root, source.replace(/^~(?=\/)/, os.homedir()));
        if (!existsSync(hostAbs)) {
          const relPath = rel(root, hostAbs);
          if (PENDING_PATHS.has(relPath))
            warn(
              file,
              `${at}.volumes: host path "${source}" does not exist yet (${PENDING_PATHS.get(relPath)})`,
            );
          else error(file, `${at}.volumes: host path "${source}" does not exist`);
        }
      } else if (type === 'volume' && source && !declaredVolumes.has(source)) {
        error(
          file,
          `${at}.volumes: named volume "${source}" is not declared under the top-level volumes`,
        );
      }
    }

    // env_file
    for (const entry of [].concat(svc.env_file ?? [])) {
      const p = typeof entry === 'string' ? entry : entry?.path;
      const required = typeof entry === 'string' ? true : entry?.required !== false;
      if (p && required && !existsSync(path.resolve(root, p)))
        error(file, `${at}.env_file: "${p}" does not exist`);
    }

    // published ports
    for (const p of Array.isArray(svc.ports) ? svc.ports : []) {
      const hp = parseHostPort(p);
      if (!hp) continue;
      for (const [key, other] of published) {
        const [ip, port] = key.split('|');
        const ipClash = ip === hp.ip || ip === '0.0.0.0' || hp.ip === '0.0.0.0';
        if (port === hp.port && ipClash)
          error(file, `${at}.ports: host port ${hp.port} is already published by "${other}"`);
      }
      published.set(`${hp.ip}|${hp.port}`, name);
    }

    // healthcheck shape beyond the schema
    const test = svc.healthcheck?.test;
    if (Array.isArray(test) && test[0] === 'CMD-SHELL' && test.length !== 2) {
      error(file, `${at}.healthcheck.test: CMD-SHELL takes exactly one command string`);
    }
  }

  // app services (built from this repo) must report health, one-shots excepted
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc) || svc.build === undefined) continue;
    const oneShot = completionTargets.has(name) && isOneShot(svc);
    if (!oneShot && !hasActiveHealthcheck(svc))
      error(
        file,
        `services.${name}: app service has no healthcheck (use the node fetch one-liner on /health/ready)`,
      );
  }

  // environment: hosts named in URLs are services of this file; ports agree
  const portOf = (svcName) => {
    const env = normalizeEnvironment(services[svcName]?.environment);
    return env.PORT !== undefined ? String(env.PORT) : undefined;
  };
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc)) continue;
    const env = normalizeEnvironment(svc.environment);
    for (const [key, value] of Object.entries(env)) {
      if (typeof value !== 'string') continue;
      const endpoints = [];
      for (const part of value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        // scheme://[user[:pass]@]host[:port][/...] (also Kafka listener lists, comma-separated)
        const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i.exec(
          part,
        );
        if (url) endpoints.push({ host: url[1], port: url[2] });
        else if (/(^|_)(BROKERS|BOOTSTRAP_SERVERS?)$/.test(key)) {
          const [host, port] = part.split(':');
          endpoints.push({ host, port });
        }
      }
      for (const { host, port } of endpoints) {
        if (
          !host ||
          ['localhost', '127.0.0.1', '0.0.0.0', '::1', '[::1]'].includes(host) ||
          host.includes('.')
        )
          continue;
        if (!names.has(host)) {
          error(
            file,
            `services.${name}.environment.${key}: host "${host}" is not a service of this file`,
          );
          continue;
        }
        const targetPort = portOf(host);
        if (port && targetPort && port !== targetPort) {
          error(
            file,
            `services.${name}.environment.${key}: "${host}" listens on PORT ${targetPort}, not ${port}`,
          );
        }
      }
    }
    if (env.EVENT_TRANSPORT === 'kafka' && !env.KAFKA_BROKERS)
      error(file, `services.${name}.environment: EVENT_TRANSPORT=kafka needs KAFKA_BROKERS`);
    if (env.EVENT_TRANSPORT !== undefined && !['kafka', 'postgres'].includes(env.EVENT_TRANSPORT)) {
      error(
        file,
        `services.${name}.environment.EVENT_TRANSPORT: "${env.EVENT_TRANSPORT}" must be postgres or kafka`,
      );
    }
    const buildPort = builds.find((b) => b.service === name)?.args.PORT;
    if (
      buildPort !== undefined &&
      env.PORT !== undefined &&
      String(buildPort) !== String(env.PORT)
    ) {
      error(file, `services.${name}: build arg PORT=${buildPort} but environment PORT=${env.PORT}`);
    }
  }

  // what the apps refuse to start with (APP_ENV_RULES), by the SERVICE the image is built for
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc) || !isObject(svc.build)) continue;
    const isGateway = /(^|\/)gateway\.Dockerfile$/.test(String(svc.build.dockerfile ?? ''));
    const app = isGateway ? 'gateway' : normalizeEnvironment(svc.build.args).SERVICE;
    const env = Object.fromEntries(
      Object.entries(normalizeEnvironment(svc.environment))
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, String(v)]),
    );
    const opaque = svc.env_file !== undefined;
    for (const message of commonEnvRule(app, env, { opaque }))
      error(file, `services.${name}.environment: ${message}`);
    if (isGateway) {
      // readiness and metrics live on the management listener, which is never published
      const mgmt = gatewayManagementPort(env);
      const test = JSON.stringify(svc.healthcheck?.test ?? '');
      if (svc.healthcheck && !test.includes('MANAGEMENT_PORT') && !test.includes(`:${mgmt}/`))
        error(
          file,
          `services.${name}.healthcheck: the gateway answers /health/ready only on its management port (MANAGEMENT_PORT=${mgmt}), not on PORT`,
        );
      for (const entry of svc.ports ?? []) {
        if (!parseHostPort(entry)) continue;
        const target = isObject(entry)
          ? String(entry.target)
          : String(entry)
              .replace(/\/\w+$/, '')
              .split(':')
              .pop();
        if (target === mgmt)
          error(
            file,
            `services.${name}.ports: publishes the management port ${mgmt} (metrics, readiness); keep it on the compose network`,
          );
      }
    }
    const rule = APP_ENV_RULES[app];
    if (!rule) continue;
    for (const message of rule(env, { opaque }))
      error(file, `services.${name}.environment: ${message}`);
  }

  // the gateway routes to every long-running service this file builds (UPSTREAM_<NAME>_URL)
  const gatewayNames = Object.keys(services).filter((n) =>
    /(^|\/)gateway\.Dockerfile$/.test(String(services[n]?.build?.dockerfile ?? '')),
  );
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc) || !isObject(svc.build) || completionTargets.has(name)) continue;
    const app = normalizeEnvironment(svc.build.args).SERVICE;
    if (typeof app !== 'string' || !app) continue;
    for (const gw of gatewayNames) {
      const gwEnv = normalizeEnvironment(services[gw].environment);
      if (gwEnv[upstreamVar(app)] === undefined && services[gw].env_file === undefined)
        error(
          file,
          `services.${gw}.environment: no ${upstreamVar(app)} although "${name}" runs; the gateway answers 503 for its routes`,
        );
    }
  }

  for (const gw of gatewayNames)
    for (const message of missingRemotes(
      root,
      normalizeEnvironment(services[gw].environment).REMOTES_MANIFEST,
    ))
      error(file, `services.${gw}.environment: ${message}`);

  checkKeycloakRealms(root, file, services);
  checkComposeDistributed(root, file, services);

  // depends_on cycles
  const state = new Map();
  const visit = (n, trail) => {
    if (state.get(n) === 'done') return;
    if (state.get(n) === 'active') {
      error(file, `depends_on cycle: ${[...trail.slice(trail.indexOf(n)), n].join(' -> ')}`);
      return;
    }
    state.set(n, 'active');
    for (const dep of Object.keys(normalizeDependsOn(services[n]?.depends_on)))
      if (names.has(dep)) visit(dep, [...trail, n]);
    state.set(n, 'done');
  };
  for (const n of names) visit(n, []);

  return { builds };
}

/** Images no longer published where they used to be, and where they are now. */
const MOVED_IMAGES = [
  { from: /^(docker\.io\/)?minio\/minio(:|@|$)/, to: 'quay.io/minio/minio' },
  { from: /^(docker\.io\/)?minio\/mc(:|@|$)/, to: 'quay.io/minio/mc' },
];
/** Realm settings that differ per environment and must come from placeholders. */
const REALM_TEMPLATED = ['LOADOUT_PUBLIC_URL', 'LOADOUT_SMTP_HOST', 'LOADOUT_SMTP_PORT'];

/**
 * Compose defects of the distributed mode (issue 10): images that moved registries, a
 * pg_isready that can answer before TCP is up, and a realm file with one environment's URLs
 * and mail host baked in (each Keycloak must set the placeholders it uses).
 */
function checkComposeDistributed(root, file, services) {
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc)) continue;
    const image = String(svc.image ?? '');
    for (const moved of MOVED_IMAGES)
      if (moved.from.test(image))
        error(
          file,
          `services.${name}.image ${image} is no longer published there; use ${moved.to}`,
        );
    const test = svc.healthcheck?.test;
    const text = Array.isArray(test) ? test.join(' ') : String(test ?? '');
    if (/\bpg_isready\b/.test(text) && !/\s(-h|--host)(\s|=)/.test(text))
      error(
        file,
        `services.${name}.healthcheck: pg_isready without -h checks the Unix socket, which answers before TCP connections are accepted`,
      );
  }
  const realmPath = path.join(root, 'infra/keycloak/loadout-realm.json');
  if (!existsSync(realmPath)) return;
  const realmText = readFileSync(realmPath, 'utf8');
  if (/"https?:\/\/localhost:8080/.test(realmText) || /"host":\s*"mailpit"/.test(realmText))
    error(
      'infra/keycloak/loadout-realm.json',
      'hard-codes http://localhost:8080 or the mailpit host; use ${LOADOUT_PUBLIC_URL:…} / ${LOADOUT_SMTP_HOST:…} placeholders',
    );
  const used = REALM_TEMPLATED.filter((v) => realmText.includes(`\${${v}`));
  for (const [name, svc] of Object.entries(services)) {
    const command = Array.isArray(svc?.command)
      ? svc.command.join(' ')
      : String(svc?.command ?? '');
    if (!/(^|\s)--import-realm(\s|$)/.test(command)) continue;
    const env = normalizeEnvironment(svc.environment);
    for (const v of used)
      if (env[v] === undefined)
        error(
          file,
          `services.${name}.environment: no ${v}, so the imported realm falls back to the file's default (another environment's value)`,
        );
  }
}

/**
 * Keycloak services started with --import-realm import the realm files of the directory bound
 * to KEYCLOAK_IMPORT_DIR. Each file must be JSON naming a realm, and every realm the apps name
 * (KEYCLOAK_REALM, AUTH_ISSUER .../realms/<name>) must be among them. No realm file yet is a
 * warning (it arrives with the identity service), a realm nobody imports is an error.
 */
function checkKeycloakRealms(root, file, services) {
  const imported = new Map();
  const importDirs = [];
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc)) continue;
    const command = Array.isArray(svc.command) ? svc.command.join(' ') : String(svc.command ?? '');
    if (!/(^|\s)--import-realm(\s|$)/.test(command)) continue;
    for (const v of Array.isArray(svc.volumes) ? svc.volumes : []) {
      const [source, target] =
        typeof v === 'string' ? v.split(':') : isObject(v) ? [v.source, v.target] : [];
      if (
        !source ||
        !/^[./~]/.test(source) ||
        path.posix.normalize(target ?? '') !== KEYCLOAK_IMPORT_DIR
      )
        continue;
      const dirAbs = path.resolve(root, source);
      importDirs.push({ service: name, source, exists: isDir(dirAbs) });
      if (!isDir(dirAbs)) continue; // reported with the volumes (error, or warning when pending)
      for (const entry of readdirSync(dirAbs)
        .filter((f) => f.endsWith('.json'))
        .sort()) {
        const realmFile = rel(root, path.join(dirAbs, entry));
        let realm;
        try {
          realm = JSON.parse(readFileSync(path.join(dirAbs, entry), 'utf8'))?.realm;
        } catch (e) {
          error(realmFile, `is not valid JSON (Keycloak would not start): ${e.message}`);
          continue;
        }
        if (typeof realm !== 'string' || !realm) error(realmFile, 'has no "realm" name');
        else if (imported.has(realm))
          error(realmFile, `realm "${realm}" is also defined in ${imported.get(realm)}`);
        else imported.set(realm, realmFile);
      }
    }
  }
  if (importDirs.length === 0) return;

  const named = new Map();
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc)) continue;
    const env = normalizeEnvironment(svc.environment);
    const add = (realm, key) => {
      if (!named.has(realm)) named.set(realm, []);
      named.get(realm).push(`services.${name}.environment.${key}`);
    };
    if (typeof env.KEYCLOAK_REALM === 'string' && env.KEYCLOAK_URL !== undefined)
      add(env.KEYCLOAK_REALM, 'KEYCLOAK_REALM');
    const issuer = /\/realms\/([^/?#]+)\/?$/.exec(String(env.AUTH_ISSUER ?? ''));
    if (issuer) add(decodeURIComponent(issuer[1]), 'AUTH_ISSUER');
  }
  if (imported.size === 0) {
    // A missing directory already has its warning (or error) from the volumes check.
    const present = importDirs.filter((d) => d.exists);
    if (present.length > 0 && named.size > 0)
      warn(
        file,
        `services.${present[0].service}: no realm file in ${present.map((d) => d.source).join(', ')} yet (expected infra/keycloak/loadout-realm.json); realm ${[...named.keys()].map((r) => `"${r}"`).join(', ')} will not exist and no token is issued until it does`,
      );
    return;
  }
  for (const [realm, where] of named) {
    if (!imported.has(realm))
      error(
        file,
        `${where.join(', ')}: realm "${realm}" is not imported by Keycloak (realm files define ${[...imported.keys()].map((r) => `"${r}"`).join(', ')})`,
      );
  }
}

// ------------------------------------------------------------------------- (c) Dockerfiles
function parseDockerfile(text) {
  const instructions = [];
  const lines = text.split('\n');
  let buffer = '';
  let startLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!buffer && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (buffer && trimmed.startsWith('#')) continue; // comment lines inside a continuation are dropped
    if (!buffer) startLine = i + 1;
    if (/\\\s*$/.test(line)) {
      buffer += `${line.replace(/\\\s*$/, '')} `;
      continue;
    }
    buffer += line;
    const m = /^\s*([A-Za-z]+)\s*(.*)$/s.exec(buffer);
    if (m) instructions.push({ cmd: m[1].toUpperCase(), rest: m[2].trim(), line: startLine });
    buffer = '';
  }
  return instructions;
}

/** Splits leading `--flag=value` options off an instruction's arguments. */
function splitFlags(rest) {
  const flags = {};
  let remaining = rest;
  for (;;) {
    const m = /^--([a-z-]+)(?:=(\S+))?\s*/.exec(remaining);
    if (!m) break;
    flags[m[1]] = m[2] ?? true;
    remaining = remaining.slice(m[0].length);
  }
  return { flags, remaining };
}

function parseArgDecl(rest) {
  // ARG NAME[=default] [NAME2[=default]...]
  return rest
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const i = token.indexOf('=');
      if (i === -1) return { name: token, value: undefined };
      return { name: token.slice(0, i), value: token.slice(i + 1).replace(/^"(.*)"$/, '$1') };
    });
}

/** Substitutes $X / ${X} / ${X:-d}; returns the text and the names it could not resolve. */
function substitute(text, vars) {
  const unresolved = new Set();
  const out = text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::?([-+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (_m, braced, op, word, bare) => {
      const name = braced ?? bare;
      const value = vars.get(name);
      if (op === '-') return value ? value : word;
      if (op === '+') return value ? word : '';
      if (value === undefined) {
        unresolved.add(name);
        return `\${${name}}`;
      }
      return value;
    },
  );
  return { text: out, unresolved: [...unresolved] };
}

function pathExistsWithGlob(contextAbs, source) {
  if (!/[*?[]/.test(source)) return existsSync(path.join(contextAbs, source));
  const dir = path.posix.dirname(source);
  const re = globToRegExp(path.posix.basename(source));
  const dirAbs = path.join(contextAbs, dir);
  return isDir(dirAbs) && readdirSync(dirAbs).some((entry) => re.test(entry));
}

function checkDockerfiles(root, builds) {
  const dockerDir = path.join(root, 'infra/docker');
  const files = new Set(builds.map((b) => b.dockerfile));
  if (isDir(dockerDir)) {
    for (const entry of readdirSync(dockerDir))
      if (/(^Dockerfile|\.Dockerfile)$/.test(entry)) files.add(`infra/docker/${entry}`);
  }
  if (files.size === 0) error('infra/docker', 'no Dockerfiles found');
  const nvmrcPath = path.join(root, '.nvmrc');
  const nodeVersion = existsSync(nvmrcPath)
    ? readFileSync(nvmrcPath, 'utf8').trim().replace(/^v/, '')
    : undefined;

  for (const file of [...files].sort()) {
    const instructions = parseDockerfile(readFileSync(path.join(root, file), 'utf8'));
    const globalArgs = new Map();
    const stages = [];
    for (const ins of instructions) {
      if (ins.cmd === 'FROM') {
        const { remaining } = splitFlags(ins.rest);
        const [image, as, name] = remaining.split(/\s+/);
        stages.push({
          image,
          name: as?.toUpperCase() === 'AS' ? name : undefined,
          line: ins.line,
          instructions: [],
        });
      } else if (stages.length === 0) {
        if (ins.cmd === 'ARG')
          for (const a of parseArgDecl(ins.rest)) globalArgs.set(a.name, a.value);
      } else {
        stages.at(-1).instructions.push(ins);
      }
    }

    // multi-stage with a builder stage that a later stage uses
    const stageNames = stages.map((s) => s.name).filter(Boolean);
    const usedStages = new Set();
    stages.forEach((stage) => {
      if (stageNames.includes(stage.image)) usedStages.add(stage.image);
      for (const ins of stage.instructions) {
        if (ins.cmd !== 'COPY') continue;
        const from = splitFlags(ins.rest).flags.from;
        if (typeof from === 'string') usedStages.add(from);
      }
    });
    if (
      stages.length < 2 ||
      stageNames.length === 0 ||
      ![...usedStages].some((s) => stageNames.includes(s))
    ) {
      error(
        file,
        'is not a multi-stage build: it needs a named build stage (FROM ... AS builder) whose output a later stage copies',
      );
    }

    // COPY --from targets
    stages.forEach((stage, index) => {
      const earlier = stages.slice(0, index).map((s) => s.name);
      for (const ins of stage.instructions) {
        if (ins.cmd !== 'COPY') continue;
        const from = splitFlags(ins.rest).flags.from;
        if (typeof from !== 'string') continue;
        const isImage = from.includes('/') || from.includes(':');
        const isIndex = /^\d+$/.test(from) && Number(from) < index;
        if (!isImage && !isIndex && !earlier.includes(from))
          error(file, `line ${ins.line}: COPY --from=${from} names no earlier stage`);
      }
    });

    // final stage: non-root, health, command
    const final = stages.at(-1);
    if (final) {
      const users = final.instructions.filter((i) => i.cmd === 'USER');
      const user = users.at(-1)?.rest.split(':')[0];
      if (!user || user === 'root' || user === '0')
        error(file, 'the final stage runs as root: add USER node (or another non-root user)');
      if (!final.instructions.some((i) => i.cmd === 'HEALTHCHECK'))
        error(file, 'the final stage has no HEALTHCHECK');
      if (!final.instructions.some((i) => i.cmd === 'CMD' || i.cmd === 'ENTRYPOINT'))
        error(file, 'the final stage has no CMD or ENTRYPOINT');
    }

    // Node version = .nvmrc
    for (const stage of stages) {
      const image = substitute(stage.image, globalArgs).text;
      const m = /^(?:docker\.io\/)?(?:library\/)?node:(\d+\.\d+\.\d+)/.exec(image);
      if (m && nodeVersion && m[1] !== nodeVersion)
        error(file, `line ${stage.line}: FROM ${image} but .nvmrc says ${nodeVersion}`);
    }

    // variants: one per compose service building this file, or the defaults
    // Services that build the same file with the same context and args are one variant.
    const variantMap = new Map();
    for (const b of builds.filter((x) => x.dockerfile === file)) {
      const key = JSON.stringify([b.contextAbs, Object.entries(b.args).sort()]);
      if (!variantMap.has(key))
        variantMap.set(key, { services: [], contextAbs: b.contextAbs, args: b.args });
      variantMap.get(key).services.push(b.service);
    }
    const variants = [...variantMap.values()];
    if (variants.length === 0) variants.push({ services: [], contextAbs: root, args: {} });
    const requiredArgs = new Set();
    for (const stage of stages) {
      for (const ins of stage.instructions) {
        if (ins.cmd !== 'ARG') continue;
        for (const a of parseArgDecl(ins.rest))
          if (a.value === undefined && globalArgs.get(a.name) === undefined)
            requiredArgs.add(a.name);
      }
    }

    for (const variant of variants) {
      const label = variant.services.length
        ? ` (as built for compose service${variant.services.length > 1 ? 's' : ''} ${variant.services.map((n) => `"${n}"`).join(', ')})`
        : '';
      for (const service of variant.services) {
        for (const name of requiredArgs) {
          if (variant.args[name] === undefined)
            error(
              'docker-compose.yml',
              `services.${service}.build.args: ${file} needs build arg ${name}`,
            );
        }
      }
      const ignoreRules = loadDockerignore(variant.contextAbs);
      const contextLabel = rel(root, variant.contextAbs);
      for (const stage of stages) {
        const vars = new Map();
        for (const ins of stage.instructions) {
          if (ins.cmd === 'ARG') {
            for (const a of parseArgDecl(ins.rest)) {
              const provided = variant.args[a.name];
              vars.set(
                a.name,
                provided !== undefined && provided !== null
                  ? String(provided)
                  : (a.value ?? globalArgs.get(a.name)),
              );
            }
            continue;
          }
          if (ins.cmd === 'ENV') {
            for (const m of ins.rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g))
              vars.set(m[1], substitute(m[2].replace(/^"(.*)"$/, '$1'), vars).text);
            continue;
          }
          if (ins.cmd === 'RUN') {
            // scripts the build runs from the repo must exist there
            for (const m of ins.rest.matchAll(
              /\bnode\s+"?((?:infra|scripts|tools)\/[^\s"&|;]+\.(?:mjs|cjs|js))/g,
            )) {
              const script = substitute(m[1], vars).text;
              if (!existsSync(path.join(variant.contextAbs, script)))
                error(file, `line ${ins.line}: RUN uses ${script}, which does not exist${label}`);
            }
            continue;
          }
          if (ins.cmd !== 'COPY' && ins.cmd !== 'ADD') continue;
          const { flags, remaining } = splitFlags(ins.rest);
          if (flags.from) continue;
          let tokens;
          if (remaining.startsWith('[')) {
            try {
              tokens = JSON.parse(remaining);
            } catch {
              error(file, `line ${ins.line}: ${ins.cmd} has an invalid JSON array`);
              continue;
            }
          } else tokens = remaining.split(/\s+/).filter(Boolean);
          if (tokens.length < 2) {
            error(file, `line ${ins.line}: ${ins.cmd} needs a source and a destination`);
            continue;
          }
          for (const raw of tokens.slice(0, -1)) {
            if (/^https?:\/\//.test(raw)) continue;
            const { text: source, unresolved } = substitute(raw, vars);
            const undeclared = unresolved.filter((n) => !vars.has(n));
            if (undeclared.length > 0) {
              error(
                file,
                `line ${ins.line}: ${ins.cmd} ${raw} uses ${undeclared.map((n) => `\${${n}}`).join(', ')}, which this stage does not declare with ARG`,
              );
              continue;
            }
            if (unresolved.length > 0) {
              warn(
                file,
                `line ${ins.line}: ${ins.cmd} ${raw}: cannot check, ${unresolved.join(', ')} has no value${label}`,
              );
              continue;
            }
            const clean = path.posix.normalize(source).replace(/^\.\//, '');
            if (clean.startsWith('..')) {
              error(
                file,
                `line ${ins.line}: ${ins.cmd} ${source} points outside the build context`,
              );
              continue;
            }
            if (!pathExistsWithGlob(variant.contextAbs, clean)) {
              error(
                file,
                `line ${ins.line}: ${ins.cmd} source "${source}" does not exist in the build context "${contextLabel}"${label}`,
              );
            } else if (isDockerignored(ignoreRules, clean)) {
              error(
                file,
                `line ${ins.line}: ${ins.cmd} source "${source}" is excluded by ${contextLabel === '.' ? '' : `${contextLabel}/`}.dockerignore${label}`,
              );
            }
          }
        }
      }
    }
  }
}

// ------------------------------------------------------------------------- kafka topics
function checkTopics(root) {
  const file = 'infra/kafka/topics.txt';
  const abs = path.join(root, file);
  if (!existsSync(abs)) {
    error(file, 'missing');
    return null;
  }
  const { topics, errors } = parseTopics(readFileSync(abs, 'utf8'));
  for (const e of errors) error(file, e);
  checkContractTopics(root, file, topics);
  const generatedAbs = path.join(root, STRIMZI_TOPICS_FILE);
  if (existsSync(path.dirname(generatedAbs))) {
    const current = existsSync(generatedAbs) ? readFileSync(generatedAbs, 'utf8') : '';
    if (errors.length === 0 && current !== renderStrimziTopics(topics)) {
      error(STRIMZI_TOPICS_FILE, `does not match ${file}: run node infra/kafka/topics.mjs --write`);
    }
  }
  return new Set(topics.map((t) => t.name));
}

/**
 * The topics of EVENT_TOPICS, read with regexes (no TypeScript compiler here): EVENT_TOPICS is
 * `Object.keys(<name>)` of an object literal whose quoted keys are the topics. Returns null when
 * the file no longer has that shape.
 */
function readContractTopics(text) {
  const source = /\bEVENT_TOPICS\b[^=;]*=[^;]*?Object\.keys\(\s*([A-Za-z_$][\w$]*)\s*\)/.exec(text);
  if (!source) return null;
  const literal = new RegExp(
    `\\b(?:const|let|var)\\s+${source[1].replace(/\$/g, '\\$')}\\b[^=]*=\\s*\\{([^{}]*)\\}`,
  ).exec(text);
  if (!literal) return null;
  const body = literal[1].replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [...body.matchAll(/['"]([^'"\n]+)['"]\s*:/g)].map((m) => m[1]);
}

/** topics.txt lists exactly the contract topics, so a new event cannot be forgotten. */
function checkContractTopics(root, file, topics) {
  const abs = path.join(root, CONTRACT_TOPICS_FILE);
  if (!existsSync(abs)) {
    error(CONTRACT_TOPICS_FILE, `missing, so ${file} cannot be checked against EVENT_TOPICS`);
    return;
  }
  const contract = readContractTopics(readFileSync(abs, 'utf8'));
  if (!contract || contract.length === 0) {
    error(
      CONTRACT_TOPICS_FILE,
      'no EVENT_TOPICS = Object.keys(<object literal of quoted topics>) found; update readContractTopics in infra/scripts/validate-deploy.mjs',
    );
    return;
  }
  const listed = new Set(topics.map((t) => t.name));
  const known = new Set(contract);
  for (const name of contract)
    if (!listed.has(name))
      error(
        file,
        `"${name}" is an event of ${CONTRACT_TOPICS_FILE} (EVENT_TOPICS) but not listed here: add "${name} 3", then node infra/kafka/topics.mjs --write`,
      );
  for (const t of topics)
    if (!known.has(t.name))
      error(
        file,
        `line ${t.line}: "${t.name}" is not in EVENT_TOPICS of ${CONTRACT_TOPICS_FILE}: add its contract there, or remove the line`,
      );
}

// ------------------------------------------------------------------------- (b) kubernetes
function findKubectl() {
  const candidates = process.env.KUBECTL
    ? [process.env.KUBECTL]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((d) => path.join(d, 'kubectl'));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      if (statSync(c).isFile()) return c;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * Renders an overlay. Wrapping it in a throwaway kustomization with originAnnotations tells
 * which file each object came from; falls back to a plain render if that is not possible.
 */
function renderOverlay(kubectl, overlayAbs) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'validate-deploy-'));
  try {
    symlinkSync(overlayAbs, path.join(tmp, 'overlay'));
    writeFileSync(
      path.join(tmp, 'kustomization.yaml'),
      'resources:\n  - overlay\nbuildMetadata: [originAnnotations]\n',
    );
    const wrapped = spawnSync(kubectl, ['kustomize', tmp], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (wrapped.status === 0)
      return { ok: true, output: wrapped.stdout, originBase: path.dirname(overlayAbs) };
  } catch {
    /* fall through to the plain render */
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const plain = spawnSync(kubectl, ['kustomize', overlayAbs], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (plain.error) return { ok: false, message: plain.error.message };
  if (plain.status !== 0)
    return {
      ok: false,
      message: (plain.stderr || plain.stdout).trim().split('\n').slice(0, 4).join(' | '),
    };
  return { ok: true, output: plain.stdout, originBase: undefined };
}

const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'IngressClass',
  'PriorityClass',
  'ClusterIssuer',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
]);
const DNS_SUBDOMAIN =
  /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^(?=.{1,63}$)[a-z]([-a-z0-9]*[a-z0-9])?$/;

const matchesSelector = (selector, labels) =>
  isObject(selector) &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

function checkRendered(overlayLabel, objects, topicNames, root = SCRIPT_ROOT) {
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

  // in-cluster http URLs in ConfigMaps (UPSTREAM_*_URL...) name a rendered Service and port
  for (const cm of configMaps) {
    for (const [key, value] of Object.entries(cm.data ?? {})) {
      const m = /^https?:\/\/([a-z0-9-]+)(?::(\d+))?(?:[/?#]|$)/i.exec(String(value));
      if (!m || m[1] === 'localhost') continue;
      const svc = services.find((s) => s.metadata.name === m[1] && sameNs(s, cm));
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

  if (externalSecrets.size > 0) {
    const list = [...externalSecrets]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, e]) =>
          `${name}${e.keys.size ? ` [${[...e.keys].join(', ')}]` : ''}${e.optional ? ' (optional)' : ''}`,
      );
    note(`${overlayLabel}: Secrets to create out of band: ${list.join('; ')}`);
  }

  checkDistributedRendered({ objects, byKind, report, resolveEnv, appOf, sameNs });
}

// ------------------------------------------------------------------------- distributed mode
/** Strimzi 1.0 and later serve only this API version (v1beta2 was removed). */
const STRIMZI_API = 'kafka.strimzi.io/v1';
/** Kafka versions current Strimzi (1.2) supports; keep in step with its release notes. */
const STRIMZI_KAFKA_VERSIONS = ['4.2.0', '4.2.1', '4.3.0', '4.3.1'];
const wave = (obj) => Number(obj.metadata?.annotations?.['argocd.argoproj.io/sync-wave'] ?? 0);

/**
 * What a real deployment of the distributed mode got wrong before (issue 10): Strimzi API and
 * Kafka version, signing keys fetched through the public URL, /metrics reachable through the
 * Ingress, migrations racing the new pods, and PostgreSQL connections beyond max_connections.
 */
function checkDistributedRendered({ objects, byKind, report, resolveEnv, appOf, sameNs }) {
  for (const o of objects.filter((x) => String(x.apiVersion).startsWith('kafka.strimzi.io/')))
    if (o.apiVersion !== STRIMZI_API)
      report(o, `uses ${o.apiVersion}; Strimzi 1.0 and later serve only ${STRIMZI_API}`);
  for (const k of byKind('Kafka')) {
    const version = String(k.spec?.kafka?.version ?? '');
    if (!STRIMZI_KAFKA_VERSIONS.includes(version))
      report(
        k,
        `Kafka ${version || '(unset)'} is not a version current Strimzi supports (${STRIMZI_KAFKA_VERSIONS.join(', ')})`,
      );
  }

  const workloads = [...byKind('Deployment'), ...byKind('Job')];
  const containersOf = (w) => w.spec?.template?.spec?.containers ?? [];
  for (const w of workloads)
    for (const c of containersOf(w)) {
      const { env } = resolveEnv(w, c);
      if (typeof env.AUTH_ISSUER === 'string' && env.AUTH_JWKS_URL === undefined)
        report(
          w,
          `container ${c.name}: AUTH_ISSUER is set but AUTH_JWKS_URL is not, so signing keys are fetched through the public issuer URL (out through the ingress and back); point AUTH_JWKS_URL at the identity provider's in-cluster Service`,
        );
    }

  // /metrics: the gateway must serve it on a port of its own that no Ingress reaches.
  for (const ing of byKind('Ingress'))
    for (const rule of ing.spec?.rules ?? [])
      for (const p of rule.http?.paths ?? []) {
        const svc = byKind('Service').find(
          (s) => s.metadata.name === p.backend?.service?.name && sameNs(s, ing),
        );
        if (!svc) continue;
        const svcPort = (svc.spec?.ports ?? []).find(
          (sp) =>
            sp.name === p.backend.service.port?.name || sp.port === p.backend.service.port?.number,
        );
        const pods = byKind('Deployment').filter((d) =>
          Object.entries(svc.spec?.selector ?? {}).every(
            ([k, v]) => d.spec?.template?.metadata?.labels?.[k] === v,
          ),
        );
        for (const d of pods)
          for (const c of containersOf(d)) {
            if (appOf(c) !== 'gateway') continue;
            const ports = c.ports ?? [];
            const target = ports.find(
              (cp) => cp.name === svcPort?.targetPort || cp.containerPort === svcPort?.targetPort,
            );
            if (!ports.some((cp) => cp.name === 'management'))
              report(
                ing,
                `path ${p.path} reaches the gateway, which has no separate "management" port: its /metrics would be public`,
              );
            else if (target?.name === 'management')
              report(ing, `path ${p.path} routes to the gateway's management port (/metrics)`);
          }
      }

  // Migrations before new pods: not a PreSync hook (the hash-named ConfigMaps it reads do not
  // exist yet then); an earlier sync wave than the Deployments and later than its ConfigMaps.
  const migrations = byKind('Job').filter(
    (j) => j.metadata?.labels?.['app.kubernetes.io/component'] === 'migration',
  );
  for (const job of migrations) {
    const hook = job.metadata?.annotations?.['argocd.argoproj.io/hook'];
    if (hook === 'PreSync')
      report(
        job,
        'is an Argo CD PreSync hook, which runs before the sync creates the (hash-named) ConfigMaps it reads; use a Sync hook in an earlier sync wave',
      );
    const app = job.metadata.name.replace(/-migrate$/, '');
    const deployment = byKind('Deployment').find((d) => d.metadata.name === app && sameNs(d, job));
    if (deployment && !(wave(job) < wave(deployment)))
      report(
        job,
        `sync wave ${wave(job)} is not before Deployment/${app}'s (${wave(deployment)}): new pods could start on the old schema`,
      );
    for (const c of containersOf(job))
      for (const ef of c.envFrom ?? []) {
        const cm = byKind('ConfigMap').find(
          (x) => x.metadata.name === ef.configMapRef?.name && sameNs(x, job),
        );
        if (cm && !(wave(cm) < wave(job)))
          report(
            job,
            `reads ConfigMap/${cm.metadata.name} (sync wave ${wave(cm)}), which is not created in an earlier wave than the Job (${wave(job)})`,
          );
      }
  }

  // PostgreSQL connections: through a CloudNativePG Pooler, within max_connections.
  const clusters = byKind('Cluster').filter((c) =>
    String(c.apiVersion).startsWith('postgresql.cnpg.io/'),
  );
  const poolers = byKind('Pooler').filter((p) =>
    String(p.apiVersion).startsWith('postgresql.cnpg.io/'),
  );
  for (const cluster of clusters) {
    const mine = poolers.filter((p) => p.spec?.cluster?.name === cluster.metadata.name);
    if (mine.length === 0) {
      report(
        cluster,
        'has no Pooler: every pod opens its own connections, and HPA maxima x pool size exceed max_connections',
      );
      continue;
    }
    const max = Number(cluster.spec?.postgresql?.parameters?.max_connections ?? 100);
    const reserved = Number(
      cluster.spec?.postgresql?.parameters?.superuser_reserved_connections ?? 3,
    );
    const databases = byKind('Database').filter(
      (d) => d.spec?.cluster?.name === cluster.metadata.name,
    ).length;
    const pooled = mine.reduce(
      (n, p) =>
        n +
        Number(p.spec?.instances ?? 1) *
          Number(p.spec?.pgbouncer?.parameters?.default_pool_size ?? 20) *
          Math.max(databases, 1),
      0,
    );
    // A migration Job holds up to two connections while it runs.
    const direct = migrations.length * 2;
    if (pooled + direct > max - reserved)
      report(
        cluster,
        `connections: poolers ${pooled} (instances x default_pool_size x ${databases} databases) + migrations ${direct} exceed max_connections ${max} - ${reserved} reserved`,
      );
  }
}

function checkKubernetes(root, topicNames, { skip }) {
  const k8sDir = path.join(root, 'k8s');
  if (!isDir(k8sDir)) {
    error('k8s', 'missing');
    return 'failed';
  }
  if (skip) {
    console.log('k8s: skipped: --skip-k8s');
    return 'skipped';
  }
  const kubectl = findKubectl();
  if (!kubectl) {
    console.log('k8s: skipped: kubectl not found');
    return 'skipped';
  }
  const overlaysDir = path.join(k8sDir, 'overlays');
  const overlays = isDir(overlaysDir)
    ? readdirSync(overlaysDir)
        .filter((d) =>
          ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].some((f) =>
            existsSync(path.join(overlaysDir, d, f)),
          ),
        )
        .sort()
    : [];
  if (overlays.length === 0) error('k8s/overlays', 'no overlay with a kustomization.yaml');
  for (const overlay of overlays) {
    const label = `k8s/overlays/${overlay}`;
    const overlayAbs = path.join(overlaysDir, overlay);
    const result = renderOverlay(kubectl, overlayAbs);
    if (!result.ok) {
      error(label, `kubectl kustomize failed: ${result.message}`);
      continue;
    }
    const objects = [];
    for (const d of YAML.parseAllDocuments(result.output)) {
      if (d.errors.length > 0) {
        error(label, `rendered YAML does not parse: ${d.errors[0].message.split('\n')[0]}`);
        continue;
      }
      const obj = d.toJS();
      if (!isObject(obj)) continue;
      const annotations = obj.metadata?.annotations;
      const origin = annotations?.['config.kubernetes.io/origin'];
      if (origin) {
        const parsed = YAML.parse(origin) ?? {};
        const originPath = parsed.path ?? parsed.configuredIn; // generated objects only have configuredIn
        if (originPath && result.originBase)
          obj.__origin = rel(root, path.resolve(result.originBase, originPath));
        delete annotations['config.kubernetes.io/origin'];
        if (Object.keys(annotations).length === 0) delete obj.metadata.annotations;
      }
      objects.push(obj);
    }
    checkRendered(label, objects, topicNames, root);
    console.log(`k8s: rendered ${label}: ${objects.length} objects`);
  }
  return 'checked';
}

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
