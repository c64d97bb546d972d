const { existsSync } = require('node:fs');
const { nodeProject } = require('../../jest.preset.cjs');

// The Keycloak journeys need a running Keycloak and Kafka (`.ci/run` and `npm test` start them
// when Java and Maven are present; see infra/keycloak/README.md). Without them the file is not
// collected at all, and the reason is printed.
const keycloakSettings = ['LOADOUT_KEYCLOAK_URL', 'KAFKA_BROKERS'];
const missing = keycloakSettings.filter((name) => !process.env[name]);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromium = existsSync(chromiumPath);
// Every journey drives Chromium: without it none is collected (a test that could only assert
// that Chromium is absent would be no test), and the reason is printed.
if (!chromium) {
  console.log(
    `skipped: ${chromiumPath} not installed (apt-get install chromium); browser journeys not run`,
  );
}
if (missing.length > 0) {
  console.log(`skipped: ${missing.join(' and ')} not set (Keycloak browser journeys)`);
}
const keycloakJourneys = missing.length === 0 && chromium;

module.exports = nodeProject('shell-e2e', {
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: !chromium
    ? ['/node_modules/', '\\.e2e-spec\\.ts$']
    : keycloakJourneys
      ? []
      : ['/node_modules/', 'keycloak\\.e2e-spec\\.ts$'],
  passWithNoTests: !chromium,
  testTimeout: 60_000,
  maxWorkers: 1,
  // The stack is started once for all journey files (the preset's database setup is not needed:
  // the stack makes its own throwaway database when DATABASE_URL is set).
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
});
