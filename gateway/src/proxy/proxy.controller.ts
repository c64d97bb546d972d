import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { notFoundError, AppError } from '@loadout/errors';
import { BrowseCache, etagMatches, etagOf } from '../browse-cache/browse-cache';
import { GATEWAY_CONFIG, upstreamUrls, type GatewayConfig } from '../gateway.config';
import { clientResponseHeaders, upstreamRequestHeaders } from './forwarded-headers';
import { isBrowseArea, ownerOf } from './route-table';
import { UpstreamClient } from './upstream-client';

/**
 * Forwards /api/v1/* to the owning service. Public at the gateway because each service
 * enforces its own route access; the global guard still refuses a bad token here.
 */
@ApiExcludeController()
@Controller('api/v1')
export class ProxyController {
  private readonly upstreams: ReturnType<typeof upstreamUrls>;

  constructor(
    private readonly client: UpstreamClient,
    private readonly cache: BrowseCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.upstreams = upstreamUrls(config);
  }

  @Public()
  @All('*')
  async forward(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const owner = ownerOf(req.url);
    if (!owner) throw notFoundError('COMMON.NOT_FOUND', 'There is no such API endpoint.');
    const base = this.upstreams[owner.service];
    if (!base) {
      throw new AppError(
        'GATEWAY.UPSTREAM_UNAVAILABLE',
        `The ${owner.service} service is not available in this deployment.`,
        'unavailable',
        {
          service: owner.service,
        },
      );
    }

    const cacheable =
      req.method === 'GET' && !req.headers.authorization && isBrowseArea(owner.area);
    if (cacheable) {
      const hit = await this.cache.get(req.url);
      if (hit) return this.sendBrowse(req, reply, hit.status, hit.contentType, hit.body, 'HIT');
    }

    const upstream = await this.client.send(owner.service, {
      method: req.method,
      url: base + req.url,
      headers: upstreamRequestHeaders(req.headers, {
        requestId: String(req.id),
        clientIp: req.ip,
        host: req.hostname,
        protocol: req.protocol,
      }),
      body: Buffer.isBuffer(req.body) ? req.body : undefined,
      timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
    });

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
    void reply
      .status(upstream.status)
      .headers(clientResponseHeaders(upstream.headers))
      .send(upstream.body);
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
