const { webProject } = require('../../jest.preset.cjs');

module.exports = webProject('admin-web', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.cjs'],
  // Pages with tables, charts and forms take longer than 5 s on two busy cores (as orders').
  testTimeout: 20_000,
});
