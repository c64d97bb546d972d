const { webProject } = require('../../jest.preset.cjs');

module.exports = webProject('orders-web', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.cjs'],
  // The payment tests wait for the page's 1 s polling; the shared machines are often slow.
  testTimeout: 20_000,
});
