import { pipeline, type Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** JSON bodies smaller than this go out as they are (compression would cost more than it saves). */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

export type JsonEncoding = 'br' | 'gzip';

/**
 * The encoding to use for a client's Accept-Encoding: brotli when accepted, else gzip, else
 * none. Honours `q=0` refusals and `*`.
 */
export function negotiateEncoding(header: string | string[] | undefined): JsonEncoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** Appends Accept-Encoding to a reply's Vary header once. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === 'accept-encoding')) return;
  void reply.header('vary', [...list, 'Accept-Encoding'].join(', '));
}

// Quality 5: most of the size win of 11 at a fraction of the CPU, done per response.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/**
 * Bodies up to this size are compressed on the event loop. Measured on a 2.3 KB order
 * (2026-11-27, twelfth session): brotli 5 took 74 µs of CPU synchronously against 227 µs through
 * the thread pool, gzip 6 50 against 184 µs: for a small body the hand-off to the pool and back
 * costs more than the compression, and it blocks the loop for less than it would cost.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

export async function compressJson(body: Buffer, encoding: JsonEncoding): Promise<Buffer> {
  if (body.length <= SYNC_COMPRESSION_MAX_BYTES)
    return encoding === 'br'
      ? zlib.brotliCompressSync(body, brotliOptions(body.length))
      : zlib.gzipSync(body, { level: GZIP_LEVEL });
  return encoding === 'br'
    ? brotli(body, brotliOptions(body.length))
    : gzip(body, { level: GZIP_LEVEL });
}

/** The same for a body streamed from a service (larger than the gateway gathers). */
export function compressJsonStream(body: Readable, encoding: JsonEncoding): Transform {
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
        })
      : zlib.createGzip({ level: GZIP_LEVEL });
  // An upstream failure mid-body ends the client's response too (no half body taken as whole).
  pipeline(body, compressor, () => undefined);
  return compressor;
}

const isStream = (payload: unknown): payload is Readable =>
  typeof (payload as Readable | null)?.pipe === 'function';

/**
 * HTTP compression for JSON responses (API answers passed through from the services, and the
 * gateway's own) at or above the threshold, when the client accepts brotli or gzip. Static
 * files are precompressed at build time and never reach this with a JSON string or buffer.
 */
export function registerJsonCompression(
  fastify: FastifyInstance,
  threshold = JSON_COMPRESSION_THRESHOLD_BYTES,
): void {
  fastify.addHook(
    'onSend',
    async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) return payload;
      if (req.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304)
        return payload;
      if (reply.getHeader('content-encoding')) return payload;
      if (isStream(payload)) {
        // Streams are API answers larger than the gateway gathers; a static file is left as
        // @fastify/static sends it (its precompressed copy, or as it is).
        if (!req.url.startsWith('/api/')) return payload;
        varyOnAcceptEncoding(reply);
        const encoding = negotiateEncoding(req.headers['accept-encoding']);
        if (!encoding) return payload;
        void reply.header('content-encoding', encoding);
        void reply.removeHeader('content-length');
        return compressJsonStream(payload, encoding);
      }
      const body =
        typeof payload === 'string'
          ? Buffer.from(payload)
          : Buffer.isBuffer(payload)
            ? payload
            : null;
      if (!body) return payload;
      varyOnAcceptEncoding(reply);
      if (body.length < threshold) return payload;
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed = await compressJson(body, encoding);
      void reply.header('content-encoding', encoding);
      void reply.removeHeader('content-length');
      return compressed;
    },
  );
}
