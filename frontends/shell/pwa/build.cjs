// Build-time pieces of the installable app (issue 12) for the shell's webpack config: the boot
// script (manifest fetch + route remote preload + static first paint), the app's stylesheet, the
// web manifest, icons, offline page and the service worker with its precache list.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { appIcons } = require('./icons.cjs');

const hash8 = (text) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 8);

/** [regex source, remote] per route of src/remotes/remote-routes.ts (react-router patterns). */
function routeTable(shellDir) {
  const source = fs.readFileSync(path.join(shellDir, 'src/remotes/remote-routes.ts'), 'utf8');
  const table = [];
  for (const m of source.matchAll(/\{\s*path:\s*'([^']+)',\s*remote:\s*'([^']+)'/g)) {
    const pattern = m[1]
      .split('/')
      .map((part) =>
        part === '*' ? '(?:/.*)?' : part.startsWith(':') ? '/[^/]+' : part ? `/${part}` : '',
      )
      .join('')
      .replace(/\/\(\?:\/\.\*\)\?/, '(?:/.*)?');
    table.push([`^${pattern}/?$`, m[2]]);
  }
  if (table.length === 0) throw new Error('boot script: no routes found in remote-routes.ts');
  return table;
}

/**
 * What the boot script paints before the app (src/first-paint/): the page frame, the home page
 * and the age gate as the shell renders them, and the storage keys it reads; generated and held
 * in step with the components by first-paint.spec.tsx.
 */
function firstPaint() {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'first-paint.json'), 'utf8'));
}

function bootScript(shellDir) {
  const template = fs.readFileSync(path.join(__dirname, 'boot.js'), 'utf8');
  const content = template
    .replace('__ROUTES__', JSON.stringify(routeTable(shellDir)))
    .replace('__FIRST_PAINT__', JSON.stringify(firstPaint()));
  return { name: `boot.${hash8(content)}.js`, content };
}

/**
 * The shell's own CSS (the UI kit, the shell, the home page) as one stylesheet linked from the
 * page head, not injected by JavaScript: the first paint (static or React's) has its styles as
 * soon as the page does, and the browser parses it while the scripts download (issue 12).
 */
const STYLESHEET_SOURCES = [
  'libs/ui/src/styles.css',
  'frontends/shell/src/shell.css',
  'frontends/shell/src/home/home.css',
];

const ROOT = path.join(__dirname, '../../..');

function appStylesheet() {
  const content = STYLESHEET_SOURCES.map(
    (file) => `/* ${file} */\n${fs.readFileSync(path.join(ROOT, file), 'utf8')}`,
  ).join('\n');
  return { name: `css/app.${hash8(content)}.css`, content };
}

/**
 * webpack plugin emitting that stylesheet and linking it first in the page head. Its sources are
 * read on every build and watched, so an edited one gives a new file and link in watch mode.
 */
class AppStylesheetPlugin {
  apply(compiler) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('AppStylesheetPlugin', (compilation) => {
      const sheet = appStylesheet();
      compilation.hooks.processAssets.tap(
        // Before PwaAssetsPlugin, which lists it for the service worker's precache.
        { name: 'AppStylesheetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of STYLESHEET_SOURCES) {
            compilation.fileDependencies.add(path.join(ROOT, file));
          }
          compilation.emitAsset(sheet.name, new sources.RawSource(sheet.content));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'AppStylesheetPlugin',
        (data) => {
          data.headTags.unshift(
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'stylesheet',
              href: `/${sheet.name}`,
            }),
          );
          return data;
        },
      );
    });
  }
}

const MANIFEST = {
  id: '/',
  name: "Loadout — Ireland's airsoft marketplace",
  short_name: 'Loadout',
  description:
    'Buy and sell airsoft gear in Ireland with escrow protection, find playing fields and check your replica against the Irish 1 joule limit.',
  lang: 'en-IE',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#171a12',
  theme_color: '#171a12',
  categories: ['shopping', 'sports'],
};

/** Head tags for the shell's page. */
function headHtml(boot) {
  return [
    '<link rel="manifest" href="/manifest.webmanifest" />',
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />',
    '<meta name="apple-mobile-web-app-title" content="Loadout" />',
    // High priority: it paints the page (and starts the manifest fetch) before the app loads.
    `<script async fetchpriority="high" src="/${boot.name}"></script>`,
  ].join('\n    ');
}

/** webpack plugin emitting the boot script, manifest, icons, offline page and service worker. */
class PwaAssetsPlugin {
  constructor(boot) {
    this.boot = boot;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PwaAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the real content hashes (OPTIMIZE_HASH), before compression (OPTIMIZE_TRANSFER).
        { name: 'PwaAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        (assets) => {
          const emit = (name, data) =>
            compilation.emitAsset(
              name,
              typeof data === 'string' ? new sources.RawSource(data) : new sources.RawSource(data),
            );
          emit(this.boot.name, this.boot.content);
          const icons = appIcons();
          for (const [name, data] of Object.entries(icons.files)) emit(name, data);
          emit(
            'manifest.webmanifest',
            JSON.stringify({ ...MANIFEST, icons: icons.manifestIcons }, null, 2),
          );
          emit('offline.html', fs.readFileSync(path.join(__dirname, 'offline.html'), 'utf8'));

          const precache = [
            '/offline.html',
            '/manifest.webmanifest',
            `/${this.boot.name}`,
            ...Object.keys(icons.files).map((f) => `/${f}`),
            ...Object.keys(assets)
              .filter((f) => /^(js|css)\/.*\.(js|css)$/.test(f))
              .sort()
              .map((f) => `/${f}`),
          ];
          const template = fs.readFileSync(path.join(__dirname, 'sw.js'), 'utf8');
          const version = hash8(template + JSON.stringify(precache));
          emit(
            'sw.js',
            template
              .replace('__VERSION__', version)
              .replace('__PRECACHE__', JSON.stringify(precache, null, 2)),
          );
        },
      );
    });
  }
}

module.exports = {
  AppStylesheetPlugin,
  bootScript,
  firstPaint,
  headHtml,
  PwaAssetsPlugin,
  routeTable,
};
