// Small helpers shared by the validators: arguments, paths, JSON pointers, globs, .dockerignore.

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCRIPT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// ------------------------------------------------------------------------- helpers
export function parseArgs(argv) {
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

export const rel = (root, p) => path.relative(root, p).split(path.sep).join('/') || '.';
export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
export const isDir = (p) => existsSync(p) && statSync(p).isDirectory();

export function getAt(data, pointer) {
  if (!pointer) return data;
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, key) => (acc == null ? undefined : acc[key]), data);
}

export const pointerToPath = (pointer) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

/** A glob (`*`, `?`, `**`) as a RegExp over a whole slash-separated path. */
export function globToRegExp(glob) {
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
export function loadDockerignore(contextDir) {
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
export function isDockerignored(rules, relPath) {
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
