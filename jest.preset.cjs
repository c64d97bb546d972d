// Shared jest settings: swc transform with the same aliases as the build.
const { nodeSwcOptions, webSwcOptions } = require('./infra/scripts/swc-config.cjs');

const node = nodeSwcOptions();
node.jsc.transform.react = undefined;

function nodeProject(displayName, extra = {}) {
  return {
    displayName,
    testEnvironment: 'node',
    transform: { '^.+\\.ts$': ['@swc/jest', node] },
    moduleFileExtensions: ['ts', 'js', 'json'],
    globalSetup: require.resolve('./infra/scripts/jest-global-setup.mjs'),
    globalTeardown: require.resolve('./infra/scripts/jest-global-teardown.mjs'),
    ...extra,
  };
}

function webProject(displayName, extra = {}) {
  const web = webSwcOptions({ module: 'commonjs' });
  web.jsc.baseUrl = node.jsc.baseUrl;
  web.jsc.paths = node.jsc.paths;
  return {
    displayName,
    testEnvironment: 'jsdom',
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', web] },
    moduleNameMapper: { '\\.(css)$': '<rootDir>/../../infra/scripts/style-stub.cjs' },
    moduleFileExtensions: ['tsx', 'ts', 'js', 'json'],
    ...extra,
  };
}

module.exports = { nodeProject, webProject };
