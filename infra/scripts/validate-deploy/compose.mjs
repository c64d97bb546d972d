// (a) docker-compose.yml: schema plus cross-checks.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { checkComposeDistributed, checkKeycloakRealms } from './compose-distributed.mjs';
import {
  checkInterpolation,
  formatAjvErrors,
  hasActiveHealthcheck,
  isOneShot,
  normalizeDependsOn,
  normalizeEnvironment,
  parseHostPort,
} from './compose-syntax.mjs';
import {
  APP_ENV_RULES,
  PENDING_PATHS,
  commonEnvRule,
  gatewayManagementPort,
  missingRemotes,
  upstreamVar,
} from './deploy-rules.mjs';
import { SCRIPT_ROOT, isDir, isObject, rel } from './helpers.mjs';
import { error, warn } from './report.mjs';

const require = createRequire(import.meta.url);
const Ajv = require('ajv');

export function checkCompose(root) {
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
