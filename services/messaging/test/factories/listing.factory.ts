import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@loadout/db';

export interface StubListing {
  id: string;
  sellerId: string;
  title: string;
  priceCents: number;
  thumbUrl: string | null;
}

export function buildListing(overrides: Partial<StubListing> = {}): StubListing {
  return {
    id: newId(),
    sellerId: `seller-${newId().slice(0, 6)}`,
    title: 'Tokyo Marui M4A1 MWS',
    priceCents: 32_500,
    thumbUrl: '/api/v1/images/thumb-400.webp',
    ...overrides,
  };
}

/**
 * The listings service's public `GET /api/v1/listings/{id}` over real HTTP, serving the
 * listings a test registers (messaging never reads listings' tables).
 */
export async function startListingsStub(): Promise<{
  url: string;
  add(listing: StubListing): StubListing;
  close(): Promise<void>;
}> {
  const listings = new Map<string, StubListing>();
  const server: Server = createServer((req, res) => {
    const id = /^\/api\/v1\/listings\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    const listing = id ? listings.get(id) : undefined;
    res.setHeader('content-type', 'application/json');
    if (!listing) {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 'LISTINGS.NOT_FOUND', message: 'Not found', requestId: 'x' }));
      return;
    }
    res.end(JSON.stringify({ ...listing, status: 'active' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    add: (listing) => (listings.set(listing.id, listing), listing),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
