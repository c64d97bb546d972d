const { nodeProject } = require('../../jest.preset.cjs');
module.exports = nodeProject('shell-e2e', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 60_000,
  maxWorkers: 1,
});
