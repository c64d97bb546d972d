const { nodeProject } = require('../../jest.preset.cjs');
module.exports = nodeProject('shell-e2e', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 60_000,
  maxWorkers: 1,
  // The stack is started once for all journey files (the preset's database setup is not needed:
  // the stack makes its own throwaway database when DATABASE_URL is set).
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
});
