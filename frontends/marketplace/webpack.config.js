const { frontendConfig } = require('../../libs/web/build/frontend-webpack.cjs');

// Remote "marketplace": served by the gateway at /remotes/marketplace/, hence publicPath 'auto'.
module.exports = frontendConfig({
  name: 'marketplace',
  dir: __dirname,
  publicPath: 'auto',
  title: 'Loadout marketplace (standalone)',
  federation: {
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
  },
});
