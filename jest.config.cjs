// Every unit and integration test project in one jest run (`npm test` runs this, then the
// browser journeys in frontends/shell-e2e, which need the built stack).
module.exports = {
  projects: [
    '<rootDir>/libs/*/jest.config.cjs',
    '<rootDir>/services/*/jest.config.cjs',
    '<rootDir>/gateway/jest.config.cjs',
    '<rootDir>/frontends/shell/jest.config.cjs',
    '<rootDir>/frontends/fields/jest.config.cjs',
    '<rootDir>/frontends/account/jest.config.cjs',
    '<rootDir>/frontends/marketplace/jest.config.cjs',
    '<rootDir>/frontends/orders/jest.config.cjs',
    '<rootDir>/frontends/messaging/jest.config.cjs',
    '<rootDir>/infra/deploy-test/jest.config.cjs',
  ],
};
