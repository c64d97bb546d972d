const { frontendConfig } = require('../../libs/web/build/frontend-webpack.cjs');

// Remote "fields": served by the gateway at /remotes/fields/, hence publicPath 'auto'.
module.exports = frontendConfig({
  name: 'fields',
  dir: __dirname,
  publicPath: 'auto',
  title: 'Loadout fields (standalone)',
  federation: {
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
  },
});
