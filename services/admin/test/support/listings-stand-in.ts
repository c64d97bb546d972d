import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListingsStandIn {
  url: string;
  /** Listing id → seller id of the listings it knows. */
  listings: Map<string, string>;
  /** DELETE calls received: listing id, bearer token and reason. */
  removals: { id: string; token: string; reason: string }[];
  close(): Promise<void>;
}

/**
 * Listings' two routes the admin service calls (GET a listing, the moderator DELETE), over
 * real HTTP: the admin service's client, timeouts and error mapping run unchanged.
 */
export async function startListingsStandIn(): Promise<ListingsStandIn> {
  const listings = new Map<string, string>();
  const removals: ListingsStandIn['removals'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const id = /^\/api\/v1\/listings\/([^/?]+)$/.exec(req.url ?? '')?.[1];
      const sellerId = id ? listings.get(decodeURIComponent(id)) : undefined;
      res.setHeader('content-type', 'application/json');
      if (!id || !sellerId) {
        res.statusCode = 404;
        res.end(JSON.stringify({ code: 'LISTINGS.NOT_FOUND', message: 'Not found' }));
        return;
      }
      if (req.method === 'DELETE') {
        removals.push({
          id,
          token: String(req.headers['authorization'] ?? '').replace(/^Bearer /, ''),
          reason: (JSON.parse(body || '{}') as { reason?: string }).reason ?? '',
        });
        res.end(JSON.stringify({ id, sellerId, status: 'removed' }));
        return;
      }
      res.end(JSON.stringify({ id, sellerId, status: 'active' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    listings,
    removals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
