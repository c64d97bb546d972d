import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FilesystemObjectStorage } from '../filesystem-object-storage';

export interface PartServer {
  /** Origin to prefix the filesystem adapter's relative part URLs with. */
  origin: string;
  close(): Promise<void>;
}

/**
 * A bare HTTP endpoint for the filesystem adapter's part URLs, doing what the listings
 * service's `PUT /api/v1/uploads/:id/parts/:n` route does in production.
 */
export async function startPartServer(storage: FilesystemObjectStorage): Promise<PartServer> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const match = /^\/api\/v1\/uploads\/([^/]+)\/parts\/([^/]+)$/.exec(url.pathname);
      if (req.method !== 'PUT' || !match) {
        res.writeHead(404).end();
        return;
      }
      storage
        .receivePart(match[1]!, match[2]!, Buffer.concat(chunks), {
          expires: url.searchParams.get('expires') ?? undefined,
          sig: url.searchParams.get('sig') ?? undefined,
        })
        .then(
          ({ etag }) => res.writeHead(200, { etag }).end(),
          (err: { code?: string; status?: number }) =>
            res
              .writeHead(err.status ?? 500, { 'content-type': 'application/json' })
              .end(JSON.stringify({ code: err.code ?? 'INTERNAL' })),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
