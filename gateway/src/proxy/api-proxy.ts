import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type TokenVerifier } from '@loadout/auth';
import { notFoundError } from '@loadout/errors';
import { houseErrorHandler } from '@loadout/http';
import {
  type BrowseCache,
  type CachedResponse,
  etagMatches,
  etagOf,
} from '../browse-cache/browse-cache';
import { type Forwarder } from './forwarder';
import { isBrowseArea, ownerOf } from './route-table';

export interface ApiProxyDeps {
  forwarder: Forwarder;
  cache: BrowseCache;
  verifier: TokenVerifier;
}

/**
 * `/api/v1/*` → the owning service, as a plain Fastify route: the hottest path of the gateway
 * does not go through Nest's router, guards, interceptors and pipes (issue 28: they cost more
 * CPU than the forwarding itself). What the global guard did here it does itself: a bearer
 * token, when sent, is verified (401 on a bad one); who may call a route is each service's
 * decision (ADR 0003). Errors answer in the house shape.
 */
export function registerApiProxy(fastify: FastifyInstance, deps: ApiProxyDeps): void {
  fastify.all('/api/v1/*', async (req, reply) => {
    try {
      await forward(deps, req, reply);
    } catch (err) {
      houseErrorHandler(err as Error, req, reply);
    }
    // Tells Fastify the reply is under way (its onSend hooks may still be running).
    return reply;
  });
}

async function forward(
  { forwarder, cache, verifier }: ApiProxyDeps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const owner = ownerOf(req.url);
  if (!owner) throw notFoundError('COMMON.NOT_FOUND', 'There is no such API endpoint.');
  const token = bearerToken(req.headers.authorization);
  // A bad token is refused even where the service would let anyone in: the client believes it
  // is signed in.
  if (token) await verifier.verify(token);

  const cacheable =
    cache.ttlSeconds > 0 &&
    req.method === 'GET' &&
    !req.headers.authorization &&
    isBrowseArea(owner.area);
  if (!cacheable) return forwarder.pipe(owner.service, req, reply);

  const hit = await cache.get(req.url);
  if (hit) return sendBrowse(cache, req, reply, hit, 'HIT');
  const upstream = await forwarder.send(owner.service, req);
  // Only plain 200s are shared (an encoded body would be served without its encoding).
  if (upstream.status !== 200 || upstream.headers['content-encoding'])
    return forwarder.reply(reply, upstream);
  const entry: CachedResponse = {
    status: 200,
    contentType: String(upstream.headers['content-type'] ?? 'application/json'),
    etag: etagOf(upstream.body),
    body: upstream.body,
  };
  await cache.put(req.url, entry);
  sendBrowse(cache, req, reply, entry, 'MISS');
}

function sendBrowse(
  cache: BrowseCache,
  req: FastifyRequest,
  reply: FastifyReply,
  { status, contentType, etag, body }: CachedResponse,
  outcome: 'HIT' | 'MISS',
): void {
  void reply
    .header('etag', etag)
    .header('cache-control', `public, max-age=${cache.ttlSeconds}`)
    .header('vary', 'Authorization')
    .header('x-cache', outcome);
  if (etagMatches(req.headers['if-none-match'], etag)) {
    void reply.status(304).send();
    return;
  }
  void reply.status(status).header('content-type', contentType).send(body);
}
