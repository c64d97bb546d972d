// (c) infra/docker/*.Dockerfile.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { globToRegExp, isDir, isDockerignored, loadDockerignore, rel } from './helpers.mjs';
import { error, warn } from './report.mjs';

// ------------------------------------------------------------------------- (c) Dockerfiles
export function parseDockerfile(text) {
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
export function splitFlags(rest) {
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

export function parseArgDecl(rest) {
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
export function substitute(text, vars) {
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

export function pathExistsWithGlob(contextAbs, source) {
  if (!/[*?[]/.test(source)) return existsSync(path.join(contextAbs, source));
  const dir = path.posix.dirname(source);
  const re = globToRegExp(path.posix.basename(source));
  const dirAbs = path.join(contextAbs, dir);
  return isDir(dirAbs) && readdirSync(dirAbs).some((entry) => re.test(entry));
}

/** Node LTS lines and their end of life (nodejs.org/en/about/previous-releases). */
export const NODE_LTS_END_OF_LIFE = {
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
};
/** Today as YYYY-MM-DD; VALIDATE_DEPLOY_TODAY pins it (tests). */
const today = () => process.env.VALIDATE_DEPLOY_TODAY ?? new Date().toISOString().slice(0, 10);
const maintainedLts = () =>
  Object.entries(NODE_LTS_END_OF_LIFE)
    .filter(([, eol]) => eol >= today())
    .map(([major]) => major);
const compareVersions = (a, b) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
};

export function checkDockerfiles(root, builds) {
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

    // Node: a pinned release of a maintained LTS line, not older than the development one
    // (.nvmrc, the oldest the code must run on; issue 27, item 10)
    for (const stage of stages) {
      const image = substitute(stage.image, globalArgs).text;
      const m = /^(?:docker\.io\/)?(?:library\/)?node:(\d+)\.(\d+)\.(\d+)/.exec(image);
      if (!m) continue;
      const major = Number(m[1]);
      const eol = NODE_LTS_END_OF_LIFE[major];
      if (!eol)
        error(
          file,
          `line ${stage.line}: FROM ${image}: Node ${major} is not an LTS line (${Object.keys(NODE_LTS_END_OF_LIFE).join(', ')})`,
        );
      else if (eol < today())
        error(
          file,
          `line ${stage.line}: FROM ${image}: Node ${major} reached end of life on ${eol}; build on a maintained LTS (${maintainedLts().join(' or ')})`,
        );
      if (nodeVersion && compareVersions([m[1], m[2], m[3]].join('.'), nodeVersion) < 0)
        error(
          file,
          `line ${stage.line}: FROM ${image} is older than .nvmrc's ${nodeVersion}, the oldest Node the code is developed and tested on`,
        );
    }
    // The gateway's readiness answers only on its management listener.
    if (final && /gateway/.test(file)) {
      const health = final.instructions.filter((i) => i.cmd === 'HEALTHCHECK').at(-1)?.rest ?? '';
      if (health && !health.includes('MANAGEMENT_PORT'))
        error(
          file,
          'the HEALTHCHECK must probe the management port (MANAGEMENT_PORT): the gateway answers /health/ready only there',
        );
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
