#!/usr/bin/env node
// Compiles backend TypeScript (the given project roots plus libs/) to dist/ with swc,
// mirroring the source tree: services/fields/src/main.ts -> dist/services/fields/src/main.js.
import { createRequire } from 'node:module';
import { promises as fs } from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { transformFile } = require('@swc/core');
const { root, nodeSwcOptions } = require('./swc-config.cjs');

const SKIP = /(\.spec\.ts|\.int-spec\.ts|\.d\.ts)$/;
// Data files read at runtime next to the code (e.g. the common-password list) are copied as they are.
const ASSET = /\.(txt|json|html)$/;
const projects = process.argv.slice(2);
if (projects.length === 0) {
  console.error('usage: build-backend.mjs <project-root>...');
  process.exit(2);
}

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'test' || entry.name === 'web') continue;
      yield* walk(full);
    } else if ((entry.name.endsWith('.ts') && !SKIP.test(entry.name)) || ASSET.test(entry.name)) {
      yield full;
    }
  }
}

const options = nodeSwcOptions();
const sources = [];
const libDirs = (await fs.readdir(path.join(root, 'libs'))).map((d) =>
  path.join(root, 'libs', d, 'src'),
);
for (const dir of [...projects.map((p) => path.join(root, p, 'src')), ...libDirs]) {
  try {
    for await (const file of walk(dir)) sources.push(file);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
}

const started = Date.now();
await Promise.all(
  sources.map(async (file) => {
    const rel = path.relative(root, file);
    if (ASSET.test(file)) {
      const target = path.join(root, 'dist', rel);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.copyFile(file, target);
      return;
    }
    const out = path.join(root, 'dist', rel.replace(/\.ts$/, '.js'));
    const { code, map } = await transformFile(file, {
      ...options,
      filename: file,
      sourceFileName: path.relative(path.dirname(out), file),
    });
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, `${code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
    if (map) await fs.writeFile(`${out}.map`, map);
  }),
);
console.log(
  `built ${sources.length} files for ${projects.join(', ')} in ${Date.now() - started} ms`,
);
