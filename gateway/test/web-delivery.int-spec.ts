import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGateway } from '../src/create-gateway';
import { loadGatewayConfig } from '../src/gateway.config';

/** Raw GET (no automatic decompression), so the bytes on the wire can be checked. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const BIG_JSON = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: `f-${i}`, name: `Field number ${i}` })),
});
/** Larger than the gateway gathers (64 KiB): streamed through. */
const HUGE_JSON = JSON.stringify({
  items: Array.from({ length: 4000 }, (_, i) => ({ id: `f-${i}`, name: `Field number ${i}` })),
});

/** Listings and fields services answering their public browse APIs (two pages of listings). */
async function startServices(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/v1/listings') {
      const second = url.searchParams.get('cursor') === 'page2';
      res.end(
        JSON.stringify({
          items: [{ id: second ? 'l-2' : 'l-1', updatedAt: '2026-11-01T10:00:00.000Z' }],
          nextCursor: second ? null : 'page2',
        }),
      );
    } else if (url.pathname === '/api/v1/fields') {
      res.end(JSON.stringify({ items: [{ id: 'field<&>' }], nextCursor: null }));
    } else if (url.pathname === '/api/v1/fields/big') {
      res.end(BIG_JSON);
    } else if (url.pathname === '/api/v1/fields/huge') {
      // Two writes without a Content-Length: chunked, as a service streaming its answer would.
      res.write(HUGE_JSON.slice(0, 70_000));
      setTimeout(() => res.end(HUGE_JSON.slice(70_000)), 20);
    } else if (url.pathname === '/api/v1/fields/gzipped') {
      res.setHeader('content-encoding', 'gzip');
      res.end(zlib.gzipSync(BIG_JSON));
    } else {
      res.end(JSON.stringify({ small: true }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The configured public URL: absolute URLs in robots.txt and sitemap.xml come from it only. */
const SITE = 'https://loadout.example';

describe('gateway: compressed, cacheable static files, JSON compression, robots and sitemap', () => {
  let services: Awaited<ReturnType<typeof startServices>>;
  let app: NestFastifyApplication;
  let base: string;
  let dist: string;
  const script = `console.log(${JSON.stringify('loadout '.repeat(400))});`;

  beforeAll(async () => {
    services = await startServices();
    dist = mkdtempSync(path.join(os.tmpdir(), 'loadout-gw-web-'));
    mkdirSync(path.join(dist, 'shell', 'js'), { recursive: true });
    mkdirSync(path.join(dist, 'fields'));
    const shell = (f: string, data: string | Buffer) =>
      writeFileSync(path.join(dist, 'shell', f), data);
    shell('index.html', '<!doctype html><title>Loadout</title>');
    shell('js/main.js', script);
    shell('js/main.js.br', zlib.brotliCompressSync(script));
    shell('js/main.js.gz', zlib.gzipSync(script));
    shell('js/42.0123abcd.js', script);
    shell('js/42.0123abcd.js.br', zlib.brotliCompressSync(script));
    shell('sw.js', 'self.addEventListener("fetch", () => {});');
    shell('manifest.webmanifest', '{"name":"Loadout"}');
    writeFileSync(path.join(dist, 'fields', 'remoteEntry.js'), 'var fields;');
    const config = loadGatewayConfig({
      UPSTREAM_LISTINGS_URL: services.url,
      UPSTREAM_FIELDS_URL: services.url,
      FRONTEND_DIST_DIR: dist,
      PUBLIC_URL: SITE,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    app = await createGateway(config);
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
    await services?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy to browsers that accept it, gzip to others, the plain file otherwise', async () => {
    const br = await rawGet(`${base}/js/main.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 4);

    const gz = await rawGet(`${base}/js/main.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet(`${base}/js/main.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('caches hashed files for a year and revalidates HTML, entries, the worker and the manifest', async () => {
    const hashed = await rawGet(`${base}/js/42.0123abcd.js`, { 'accept-encoding': 'br' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-encoding']).toBe('br');
    for (const p of [
      '/',
      '/marketplace',
      '/js/main.js',
      '/sw.js',
      '/manifest.webmanifest',
      '/remotes/fields/remoteEntry.js',
      '/remotes.json',
    ]) {
      const res = await rawGet(`${base}${p}`);
      expect([p, res.status, res.headers['cache-control']]).toEqual([p, 200, 'no-cache']);
    }
  });

  it('compresses JSON API answers above the threshold and leaves small ones alone', async () => {
    const big = await rawGet(`${base}/api/v1/fields/big`, { 'accept-encoding': 'br, gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(String(big.headers['vary'])).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(big.body).toString()).toBe(BIG_JSON);

    const gz = await rawGet(`${base}/api/v1/fields/big`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(BIG_JSON);

    const none = await rawGet(`${base}/api/v1/fields/big`, {
      'accept-encoding': 'br;q=0, identity',
    });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(BIG_JSON);

    const small = await rawGet(`${base}/api/v1/fields/small`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ small: true });
  });

  it('streams answers larger than it gathers, compressed when accepted', async () => {
    expect(HUGE_JSON.length).toBeGreaterThan(64 * 1024);
    const plain = await rawGet(`${base}/api/v1/fields/huge`, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(HUGE_JSON);
    const br = await rawGet(`${base}/api/v1/fields/huge`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(HUGE_JSON);
  });

  it('passes a body the service compressed through untouched, never compressing it again', async () => {
    const res = await rawGet(`${base}/api/v1/fields/gzipped`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(BIG_JSON);
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('lists public routes, every active listing page and the fields in sitemap.xml', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const p of ['/', '/marketplace', '/fields', '/fps-calculator', '/terms'])
      expect(xml).toContain(`<loc>${SITE}${p}</loc>`);
    expect(xml).toContain(
      `<loc>${SITE}/listing/l-1</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod>`,
    );
    expect(xml).toContain(`<loc>${SITE}/listing/l-2</loc>`);
    expect(xml).toContain(`<loc>${SITE}/field/field%3C%26%3E</loc>`);
    expect(xml).not.toContain('/sell<');
  });

  it('never reflects the Host or X-Forwarded-Host header into the cacheable robots.txt and sitemap.xml', async () => {
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    };
    for (const file of ['/robots.txt', '/sitemap.xml']) {
      const res = await rawGet(`${base}${file}`, forged);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public/);
      const text = res.body.toString('utf8');
      expect(text).not.toContain('evil.example');
      expect(text).toContain(`${SITE}/`);
    }
  });
});
