const { frontendConfig } = require('../../libs/web/build/frontend-webpack.cjs');

// Remote "orders": served by the gateway at /remotes/orders/, hence publicPath 'auto'.
module.exports = frontendConfig({
  name: 'orders',
  dir: __dirname,
  publicPath: 'auto',
  title: 'Loadout orders (standalone)',
  federation: {
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
  },
});
