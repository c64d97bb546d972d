const { nodeProject } = require('../../jest.preset.cjs');
// No database here: skip the preset's embedded-PostgreSQL global setup.
module.exports = nodeProject('deploy', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
  globalSetup: undefined,
  globalTeardown: undefined,
});
