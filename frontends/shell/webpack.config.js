const { frontendConfig } = require('../../libs/web/build/frontend-webpack.cjs');

// The host. Remote URLs are not listed here: they come from GET /remotes.json at runtime.
module.exports = frontendConfig({
  name: 'shell',
  dir: __dirname,
  publicPath: '/',
  title: "Loadout — Ireland's airsoft marketplace",
  federation: { remotes: {} },
});
