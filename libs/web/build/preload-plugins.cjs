/**
 * Issue 12: the host's start-up scripts, for the shell's boot script to load (ADR 0015).
 *
 * The shell's entry (`main.js`) holds the Module Federation runtime; only once it has run does it
 * ask for the async `./bootstrap` chunk group and the shared singletons (react-dom, the router,
 * the query client…), and those ask for theirs: four round trips before the first render. This
 * plugin lists every chunk of the bootstrap import and every chunk that carries a shared package
 * it needs, so all of them download at once; webpack's own script tags then reuse the responses.
 *
 * The page loads none of its scripts itself: the entry's script tags and that list are written
 * into `<script type="application/json" id="loadout-start">` (data, never run), and the boot
 * script preloads and adds them once its static first paint is on screen.
 */
class BootPreloadPlugin {
  /** @param {{ bootstrapRequest?: string }} [options] the async import that starts the app */
  constructor(options = {}) {
    this.bootstrapRequest = options.bootstrapRequest ?? './bootstrap';
  }

  apply(compiler) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'BootPreloadPlugin',
        (data) => {
          const publicPath = compilation.outputOptions.publicPath;
          const prefix = typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : '';
          const preload = startupFiles(compilation, this.bootstrapRequest, {
            followShared: true,
          }).map((file) => prefix + file);
          const isScript = (tag) => tag.tagName === 'script' && tag.attributes?.src;
          const scripts = [...data.headTags, ...data.bodyTags]
            .filter(isScript)
            .map((tag) => tag.attributes.src);
          data.headTags = data.headTags.filter((tag) => !isScript(tag));
          data.bodyTags = data.bodyTags.filter((tag) => !isScript(tag));
          // JSON inside a script element: no `<` may end the element or open a comment.
          const json = JSON.stringify({ scripts, preload }).replace(/</g, '\\u003c');
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject(
              'script',
              { type: 'application/json', id: 'loadout-start' },
              json,
            ),
          );
          return data;
        },
      );
    });
  }
}

/**
 * The JS files the app needs before its first render: the chunks of the bootstrap import, and
 * the chunks of the host's providers for every shared package those chunks consume (and that
 * the providers consume in turn). A provider no start-up code consumes (react-dom's legacy
 * entry, say) is left out: a preload the page never uses wastes bandwidth and logs a warning.
 */
function startupFiles(compilation, request, { followShared }) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module') providers.set(module._name, module);
  }
  const chunks = new Set();
  const consumed = new Set();
  const pending = [];
  const addChunk = (chunk) => {
    if (chunks.has(chunk)) return;
    chunks.add(chunk);
    pending.push(chunk);
  };
  for (const group of compilation.chunkGroups) {
    if (group.origins.some((origin) => origin.request === request)) {
      for (const chunk of group.chunks) addChunk(chunk);
    }
  }
  while (followShared && pending.length > 0) {
    const chunk = pending.pop();
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const key = module.options.shareKey;
      if (consumed.has(key)) continue;
      consumed.add(key);
      const provider = providers.get(key);
      for (const block of provider?.blocks ?? []) {
        const group = chunkGraph.getBlockChunkGroup(block);
        for (const providerChunk of group?.chunks ?? []) addChunk(providerChunk);
      }
    }
  }
  const files = [];
  for (const chunk of chunks) {
    if (chunk.hasRuntime()) continue;
    for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
  }
  return files.sort();
}

/**
 * A remote's counterpart: writes `preload.json` next to its remoteEntry.js with the chunks of its
 * exposed `./routes` module. The gateway puts them into /remotes.json and the shell's boot script
 * preloads them with the remote entry, so the route's code does not wait for the entry to run.
 * The shared packages are not listed: the shell provides them (and preloads its own copies).
 */
class RoutesPreloadPlugin {
  /** @param {{ exposeRequest: string }} options the file behind the remote's `./routes` */
  constructor(options) {
    this.exposeRequest = options.exposeRequest;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RoutesPreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RoutesPreloadPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const files = startupFiles(compilation, this.exposeRequest, { followShared: false });
          const json = JSON.stringify({ routes: files });
          compilation.emitAsset('preload.json', new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { BootPreloadPlugin, RoutesPreloadPlugin };
