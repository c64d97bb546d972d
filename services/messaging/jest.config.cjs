const { nodeProject } = require('../../jest.preset.cjs');
module.exports = nodeProject('messaging', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  // Each integration file boots the service on a fresh database; on a busy shared machine
  // that can take longer than jest's default 5 s.
  testTimeout: 60_000,
});
