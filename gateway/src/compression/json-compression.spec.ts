import zlib from 'node:zlib';
import { negotiateEncoding, compressJson, SYNC_COMPRESSION_MAX_BYTES } from './json-compression';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compressJson', () => {
  const json = (bytes: number) =>
    Buffer.from(JSON.stringify({ items: 'x'.repeat(Math.max(0, bytes - 14)) }));
  const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

  it.each([
    ['br', 2_000],
    ['gzip', 2_000],
    ['br', SYNC_COMPRESSION_MAX_BYTES + 1],
    ['gzip', SYNC_COMPRESSION_MAX_BYTES + 1],
  ] as const)('%s of %i bytes decodes to the same body, smaller', async (encoding, bytes) => {
    const body = json(bytes);
    const compressed = await compressJson(body, encoding);
    expect(compressed.length).toBeLessThan(body.length / 10);
    expect(decode[encoding](compressed).equals(body)).toBe(true);
  });
});
