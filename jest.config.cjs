// Every unit and integration test project in one jest run (`npm test` runs this, then the
// browser journeys in frontends/shell-e2e, which need the built stack, and the Kafka and
// security suites).
const { readdirSync, existsSync } = require('node:fs');
const path = require('node:path');

/** Every `<folder>/*\/jest.config.cjs` except the named ones: a new app is never left out. */
const projectsUnder = (folder, except = []) =>
  readdirSync(path.join(__dirname, folder))
    .filter((name) => !except.includes(name))
    .filter((name) => existsSync(path.join(__dirname, folder, name, 'jest.config.cjs')))
    .map((name) => `<rootDir>/${folder}/${name}/jest.config.cjs`);

module.exports = {
  // A global option: the projects' own testTimeout applies only when a project runs alone
  // (`jest -c services/identity/jest.config.cjs`), so the longest of them is repeated here.
  testTimeout: 60_000,
  projects: [
    ...projectsUnder('libs'),
    ...projectsUnder('services'),
    '<rootDir>/gateway/jest.config.cjs',
    ...projectsUnder('frontends', ['shell-e2e']),
    '<rootDir>/infra/deploy-test/jest.config.cjs',
  ],
};
