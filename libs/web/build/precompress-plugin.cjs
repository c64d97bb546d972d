// Precompressed copies of every text asset (issue 12): `<file>.br` (brotli, best quality) and
// `<file>.gz` (gzip -9) next to the original, made once at build time so the gateway only picks
// the file the browser accepts (@fastify/static `preCompressed`). Node's zlib only.
const zlib = require('node:zlib');

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the extra request metadata costs. */
const MIN_BYTES = 512;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'PrecompressPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
          additionalAssets: true,
        },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const info = compilation.assetsInfo.get(name) ?? {};
            if (info.compressed) continue;
            const buffer = Buffer.from(assets[name].buffer());
            if (buffer.length < MIN_BYTES) continue;
            const brotli = zlib.brotliCompressSync(buffer, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              },
            });
            const gzip = zlib.gzipSync(buffer, { level: 9 });
            const extra = { compressed: true, immutable: info.immutable, development: true };
            if (brotli.length < buffer.length)
              compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli), extra);
            if (gzip.length < buffer.length)
              compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzip), extra);
          }
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
