// Runs a TypeScript entry in a plain Node child process (the Kafka scale test kills these
// with SIGKILL): compiles each .ts file with the same swc options as jest and the build.
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');
const { nodeSwcOptions } = require('../../../../infra/scripts/swc-config.cjs');

const options = nodeSwcOptions();
require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    ...options,
    filename,
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
require(path.resolve(process.argv[2]));
