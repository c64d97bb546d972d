const { nodeProject } = require('../../jest.preset.cjs');
module.exports = nodeProject('identity', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  // argon2 sign-ins, the sign-in slow-down and the sign-up/reset time floors (ADR 0010) add
  // up past jest's 5 s on a shared 2-core machine.
  testTimeout: 60_000,
});
