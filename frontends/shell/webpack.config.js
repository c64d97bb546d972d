const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { BootPreloadPlugin } = require('../../libs/web/build/preload-plugins.cjs');
const { frontendConfig } = require('../../libs/web/build/frontend-webpack.cjs');
const { AppStylesheetPlugin, bootScript, headHtml, PwaAssetsPlugin } = require('./pwa/build.cjs');

// Issue 12: a boot script (remote manifest + current route's remote entry, fetched at once) and
// the installable app's files (manifest, icons, offline page, service worker).
const boot = bootScript(__dirname);

// The host. Remote URLs are not listed here: they come from GET /remotes.json at runtime.
const shell = frontendConfig({
  name: 'shell',
  dir: __dirname,
  publicPath: '/',
  title: "Loadout — Ireland's airsoft marketplace",
  federation: { remotes: {} },
  headHtml: headHtml(boot),
});

module.exports = (env, argv) => {
  const config = shell(env, argv);
  // keycloak-js's check-sso iframe page, at the root of the output (ADR 0006 redirect URI).
  config.plugins.push(
    new HtmlWebpackPlugin({
      template: './src/silent-check-sso.html',
      filename: 'silent-check-sso.html',
      inject: false,
      chunks: [],
      minify: false,
    }),
  );
  config.plugins.push(new AppStylesheetPlugin(), new PwaAssetsPlugin(boot));
  // The start-up chunks download together with main.js instead of after it, and all of them
  // start once the boot script's static first paint is on screen (issue 12: LCP).
  if (config.mode === 'production') config.plugins.push(new BootPreloadPlugin());
  config.plugins.push({
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('SilentCheckSsoScript', (compilation) => {
        compilation.hooks.processAssets.tap(
          {
            name: 'SilentCheckSsoScript',
            stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
          },
          () => {
            const source = fs.readFileSync(path.join(__dirname, 'src/silent-check-sso.js'), 'utf8');
            compilation.emitAsset('silent-check-sso.js', new webpack.sources.RawSource(source));
          },
        );
      });
    },
  });
  return config;
};
