// Nx requires a generator's factory. On Node 20 it can only load TypeScript through
// @swc-node/register or ts-node, which this workspace does not install: this entry compiles the
// generator's own .ts files with @swc/core (already the build's compiler) as they are required.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const sourceDir = path.resolve(__dirname, '../src/generators');
const previous = require.extensions['.ts'];
require.extensions['.ts'] = (module, filename) => {
  if (!filename.startsWith(sourceDir)) {
    if (previous) return previous(module, filename);
    throw new Error(`no TypeScript loader for ${filename}`);
  }
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

module.exports = require('../src/generators/service/generator.ts');
