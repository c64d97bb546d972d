// Shared jest settings: swc transform with the same aliases as the build.
const { nodeSwcOptions, webSwcOptions } = require('./infra/scripts/swc-config.cjs');

const node = nodeSwcOptions();

// ESM-only packages that jest (CommonJS, Node 20) must compile before requiring.
const ESM_PACKAGES = [
  'jose',
  'oidc-provider',
  'openid-client',
  'oauth4webapi',
  'uuid',
  'nanoid',
  'content-disposition',
];
const esmJs = {
  swcrc: false,
  jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
  module: { type: 'commonjs' },
};
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`];

function nodeProject(displayName, extra = {}) {
  return {
    displayName,
    testEnvironment: 'node',
    transform: { '^.+\\.ts$': ['@swc/jest', node], '^.+\\.m?js$': ['@swc/jest', esmJs] },
    transformIgnorePatterns,
    moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
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
    transformIgnorePatterns,
    moduleNameMapper: { '\\.(css)$': '<rootDir>/../../infra/scripts/style-stub.cjs' },
    moduleFileExtensions: ['tsx', 'ts', 'js', 'json'],
    ...extra,
  };
}

module.exports = { nodeProject, webProject };
