// One swc configuration for the backend build, jest and webpack, derived from
// tsconfig.base.json so path aliases are declared in exactly one place.
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '../..');

function tsPaths() {
  const tsconfig = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
  return tsconfig.compilerOptions.paths;
}

/** swc options for Node code (NestJS needs legacy decorators + metadata). */
function nodeSwcOptions() {
  return {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: root,
      paths: tsPaths(),
    },
    module: { type: 'commonjs' },
    sourceMaps: true,
  };
}

/** swc options for browser code (React automatic runtime). */
function webSwcOptions({ development = false, module = 'es6' } = {}) {
  return {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development } },
      target: 'es2022',
    },
    module: { type: module },
    sourceMaps: true,
  };
}

/** webpack resolve.alias entries from the tsconfig paths. */
function webpackAliases() {
  const out = {};
  for (const [key, [target]] of Object.entries(tsPaths())) {
    out[`${key}$`] = path.join(root, target);
  }
  return out;
}

module.exports = { root, tsPaths, nodeSwcOptions, webSwcOptions, webpackAliases };
