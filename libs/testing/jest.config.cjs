const { nodeProject } = require('../../jest.preset.cjs');
module.exports = nodeProject('testing', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
});
