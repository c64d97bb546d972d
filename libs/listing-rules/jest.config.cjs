const { nodeProject } = require('../../jest.preset.cjs');
module.exports = nodeProject('listing-rules', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
});
