// Reading docker-compose.yml: schema errors, environment, depends_on, healthchecks, interpolation, published ports.

import { getAt, isObject, pointerToPath } from './helpers.mjs';
import { error } from './report.mjs';

// ------------------------------------------------------------------------- (a) compose
export function formatAjvErrors(errors, data) {
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

export function normalizeEnvironment(env) {
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

export function normalizeDependsOn(dependsOn) {
  if (Array.isArray(dependsOn))
    return Object.fromEntries(dependsOn.map((d) => [d, { condition: 'service_started' }]));
  return isObject(dependsOn) ? dependsOn : {};
}

export function hasActiveHealthcheck(svc) {
  const hc = svc.healthcheck;
  if (!isObject(hc)) return false;
  if (hc.disable === true || hc.disable === 'true') return false;
  const test = hc.test;
  if (Array.isArray(test) ? test[0] === 'NONE' || test.length === 0 : !test) return false;
  return true;
}

export function isOneShot(svc) {
  return svc.restart === 'no' || svc.restart === undefined;
}

/** Compose interpolates $VAR and ${VAR} from the host environment; $$ is a literal $. */
export function checkInterpolation(file, text) {
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
export function parseHostPort(entry) {
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
