const { frontendConfig } = require('../../libs/web/build/frontend-webpack.cjs');

// Remote "messaging": served by the gateway at /remotes/messaging/, hence publicPath 'auto'.
module.exports = frontendConfig({
  name: 'messaging',
  dir: __dirname,
  publicPath: 'auto',
  title: 'Loadout messages (standalone)',
  federation: {
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
  },
});
