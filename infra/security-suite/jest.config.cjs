const { nodeProject } = require('../../jest.preset.cjs');
// The API security suites (issue 8) against the stack started as `npm start` starts it
// (@loadout/testing startStack). Run by `npm test` in its own step, after the build.
module.exports = nodeProject('security-suite', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.suite.ts'],
  testTimeout: 300_000,
  maxWorkers: 1,
});
