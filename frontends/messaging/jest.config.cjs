const { webProject } = require('../../jest.preset.cjs');

module.exports = webProject('messaging-web', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.cjs'],
});
