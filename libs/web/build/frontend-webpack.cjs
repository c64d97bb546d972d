// One webpack setup for every Loadout frontend (the shell host and its remotes), so the shared
// singletons and loaders cannot drift apart between apps that must agree on them at runtime.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { RoutesPreloadPlugin } = require('./preload-plugins.cjs');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const { root, webSwcOptions, webpackAliases } = require('../../../infra/scripts/swc-config.cjs');

const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

function installedVersion(name) {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/**
 * Modules every frontend shares as singletons (one React, one query client...). The router is
 * not listed: it reaches every frontend inside @loadout/web, tree-shaken (libs/web/src/router.ts).
 */
function sharedSingletons() {
  const npm = (request, packageName = request) => ({
    singleton: true,
    requiredVersion: rootPackage.dependencies[packageName] ?? `^${installedVersion(packageName)}`,
  });
  // Workspace libs have no package.json of their own: the workspace version stands in.
  const workspaceLib = (lib) => ({
    singleton: true,
    import: path.join(root, 'libs', lib, 'src', 'index.ts'),
    version: rootPackage.version,
    requiredVersion: `^${rootPackage.version}`,
  });
  return {
    react: npm('react'),
    'react/jsx-runtime': npm('react/jsx-runtime', 'react'),
    'react/jsx-dev-runtime': npm('react/jsx-dev-runtime', 'react'),
    'react-dom': npm('react-dom'),
    'react-dom/client': npm('react-dom/client', 'react-dom'),
    '@tanstack/react-query': npm('@tanstack/react-query'),
    sonner: npm('sonner'),
    '@loadout/ui': workspaceLib('ui'),
    '@loadout/web': workspaceLib('web'),
  };
}

/**
 * webpack config factory for a frontend in frontends/<name>.
 * @param {{ name: string, dir: string, publicPath: string, federation?: object, title?: string, headHtml?: string }} options
 * `headHtml` goes into the page's <head> before the app's scripts (the shell's manifest, boot script).
 */
function frontendConfig({
  name,
  dir,
  publicPath,
  federation = {},
  title = 'Loadout',
  headHtml = '',
}) {
  return (_env, argv = {}) => {
    const production = (argv.mode ?? 'production') === 'production';
    // Entry files keep a stable name (the MF runtime cannot resolve [contenthash] for them);
    // index.html and remoteEntry.js are served no-cache, the hashed chunks immutable. Chunk
    // names alone can clash in development (a shared lib's fallback and its own chunk).
    return {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/main.ts' },
      output: {
        path: path.join(root, 'dist', 'frontends', name),
        publicPath,
        filename: 'js/[name].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
        uniqueName: `loadout_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          ...webpackAliases(),
          '@loadout/ui/styles.css$': path.join(root, 'libs', 'ui', 'src', 'styles.css'),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: webSwcOptions({ development: !production }) },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          dts: false,
          manifest: false,
          shared: sharedSingletons(),
          // Remotes come from remoteEntry.js URLs (no mf-manifest snapshots), in browsers only:
          // the runtime's snapshot and Node code stays out of main.js and every remoteEntry.js.
          // (Letting the shell provide one runtime to every remote — `externalRuntime` — was
          // tried: it exposes the whole runtime-core, so main.js grew by more than a
          // remoteEntry.js shrank.)
          experiments: { optimization: { disableSnapshot: true, target: 'web' } },
          ...federation,
        }),
        // One page template for every frontend (the shell's page, and each remote's standalone harness).
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          headHtml,
          scriptLoading: 'defer',
          // Rewritten on every build: a plugin's tag (the shell's stylesheet) can change the page
          // while its chunks stay the same, which the plugin's cache would not notice.
          cache: false,
        }),
        // A remote lists its routes' chunks for the shell's boot script to preload (issue 12).
        ...(production && federation.exposes?.['./routes']
          ? [new RoutesPreloadPlugin({ exposeRequest: federation.exposes['./routes'] })]
          : []),
        // Brotli + gzip copies of every text asset, served by the gateway (issue 12).
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      performance: {
        hints: production ? 'warning' : false,
        maxAssetSize: 400_000,
        maxEntrypointSize: 400_000,
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
  };
}

module.exports = { frontendConfig, sharedSingletons };
