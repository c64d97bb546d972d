const { nodeProject } = require('../../jest.preset.cjs');
module.exports = nodeProject('images', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
});
