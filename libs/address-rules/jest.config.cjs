const { nodeProject } = require('../../jest.preset.cjs');
module.exports = nodeProject('address-rules', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
});
