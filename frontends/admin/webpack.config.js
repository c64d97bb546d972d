const { frontendConfig } = require('../../libs/web/build/frontend-webpack.cjs');

// Remote "admin": served by the gateway at /remotes/admin/, hence publicPath 'auto'. The shell
// mounts it under /admin behind the admin-only guard.
module.exports = frontendConfig({
  name: 'admin',
  dir: __dirname,
  publicPath: 'auto',
  title: 'Loadout admin (standalone)',
  federation: {
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
  },
});
