import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { notFoundError } from '@loadout/errors';
import { AcceptsBody } from '@loadout/http';
import { BrowseCache, etagMatches, etagOf } from '../browse-cache/browse-cache';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { Forwarder } from './forwarder';
import { isBrowseArea, ownerOf, ownerOfPage } from './route-table';

/**
 * Forwards /api/v1/* to the owning service. Public at the gateway because each service
 * enforces its own route access; the global guard still refuses a bad token here.
 */
@ApiExcludeController()
@Controller('api/v1')
// Bodies travel untouched; each service enforces its own content types (JSON-only or not).
@AcceptsBody('*')
export class ProxyController {
  constructor(
    private readonly forwarder: Forwarder,
    private readonly cache: BrowseCache,
  ) {}

  @Public()
  @All('*')
  async forward(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const owner = ownerOf(req.url);
    if (!owner) throw notFoundError('COMMON.NOT_FOUND', 'There is no such API endpoint.');

    const cacheable =
      req.method === 'GET' && !req.headers.authorization && isBrowseArea(owner.area);
    if (cacheable) {
      const hit = await this.cache.get(req.url);
      if (hit) return this.sendBrowse(req, reply, hit.status, hit.contentType, hit.body, 'HIT');
    }

    const upstream = await this.forwarder.send(owner.service, req);
    if (cacheable && upstream.status === 200) {
      const contentType = String(upstream.headers['content-type'] ?? 'application/json');
      await this.cache.put(req.url, {
        status: 200,
        contentType,
        etag: etagOf(upstream.body),
        body: upstream.body,
      });
      return this.sendBrowse(req, reply, 200, contentType, upstream.body, 'MISS');
    }
    this.forwarder.reply(reply, upstream);
  }

  private sendBrowse(
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    contentType: string,
    body: Buffer,
    cache: 'HIT' | 'MISS',
  ): void {
    const etag = etagOf(body);
    void reply
      .header('etag', etag)
      .header('cache-control', `public, max-age=${this.cache.ttlSeconds}`)
      .header('vary', 'Authorization')
      .header('x-cache', cache);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      void reply.status(304).send();
      return;
    }
    void reply.status(status).header('content-type', contentType).send(body);
  }
}

/**
 * Pages the browser must reach on the gateway's own origin: the OpenID Connect provider and its
 * interaction endpoints (same-origin cookies), and the development mailbox.
 */
@ApiExcludeController()
@Controller()
// The provider's token and logout endpoints take form posts.
@AcceptsBody('*')
export class PageProxyController {
  constructor(
    private readonly forwarder: Forwarder,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @All(['oidc', 'oidc/*', 'auth/interaction/*', 'dev/mailbox', 'dev/mailbox/*'])
  async forward(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const service = ownerOfPage(req.url, { devMailbox: this.config.DEV_MAILBOX === 'on' });
    if (!service) throw notFoundError('COMMON.NOT_FOUND', 'No such page.');
    this.forwarder.reply(reply, await this.forwarder.send(service, req), true);
  }
}
