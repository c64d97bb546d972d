const { nodeProject } = require('../../jest.preset.cjs');
// No database here: skip the preset's embedded-PostgreSQL global setup.
module.exports = nodeProject('tracing', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  globalSetup: undefined,
  globalTeardown: undefined,
});
