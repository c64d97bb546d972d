const { frontendConfig } = require('../../libs/web/build/frontend-webpack.cjs');

// Remote "account": served by the gateway at /remotes/account/, hence publicPath 'auto'.
module.exports = frontendConfig({
  name: 'account',
  dir: __dirname,
  publicPath: 'auto',
  title: 'Loadout account (standalone)',
  federation: {
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
  },
});
