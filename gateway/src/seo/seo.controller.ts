import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '@loadout/auth';
import { GATEWAY_CONFIG, type GatewayConfig, upstreamUrls } from '../gateway.config';
import { UpstreamClient, upstreamTarget } from '../proxy/upstream-client';
import { PUBLIC_PATHS, renderRobots, renderSitemap, type SitemapEntry } from './sitemap';

/** The sitemap lists at most this many listings and fields (sitemaps.org allows 50,000 URLs). */
const MAX_ITEMS = 5_000;
const PAGE = 48;
const CACHE_MS = 10 * 60_000;

interface Page {
  items?: Array<{ id?: unknown; updatedAt?: unknown }>;
  nextCursor?: string | null;
}

/**
 * Search-engine basics (issue 12): GET /robots.txt and GET /sitemap.xml, public (crawlers have no
 * session). The sitemap holds the public routes, active listings and playing fields, read from
 * the listings and fields services' public browse APIs and kept for 10 minutes; a service that
 * is down leaves its part out rather than failing the sitemap. Both are `Cache-Control: public`,
 * so their absolute URLs come from PUBLIC_URL only: a forged Host would poison shared caches.
 */
@ApiExcludeController()
@Controller()
export class SeoController {
  private cached: { at: number; entries: SitemapEntry[] } | null = null;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly client: UpstreamClient,
  ) {}

  @Public()
  @Get('robots.txt')
  robots(@Res() reply: FastifyReply): void {
    void reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderRobots(this.config.PUBLIC_URL));
  }

  @Public()
  @Get('sitemap.xml')
  async sitemap(@Res() reply: FastifyReply): Promise<void> {
    if (!this.cached || Date.now() - this.cached.at > CACHE_MS) {
      const [listings, fields] = await Promise.all([
        this.collect('listings', '/api/v1/listings', '/listing/'),
        this.collect('fields', '/api/v1/fields', '/field/'),
      ]);
      this.cached = {
        at: Date.now(),
        entries: [...PUBLIC_PATHS.map((path) => ({ path })), ...listings, ...fields],
      };
    }
    void reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(renderSitemap(this.config.PUBLIC_URL, this.cached.entries));
  }

  private async collect(
    service: 'listings' | 'fields',
    apiPath: string,
    pagePath: string,
  ): Promise<SitemapEntry[]> {
    const base = upstreamUrls(this.config)[service];
    if (!base) return [];
    const out: SitemapEntry[] = [];
    let cursor: string | null = null;
    try {
      do {
        const query = new URLSearchParams({ limit: String(service === 'fields' ? 50 : PAGE) });
        if (cursor) query.set('cursor', cursor);
        const res = await this.client.send(service, {
          method: 'GET',
          ...upstreamTarget(base, `${apiPath}?${query}`),
          headers: { accept: 'application/json' },
          timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
        });
        if (res.status !== 200) break;
        const page = JSON.parse(res.body.toString('utf8')) as Page;
        for (const item of page.items ?? []) {
          if (typeof item.id !== 'string') continue;
          out.push({
            path: pagePath + encodeURIComponent(item.id),
            lastModified: typeof item.updatedAt === 'string' ? item.updatedAt : undefined,
          });
        }
        cursor = typeof page.nextCursor === 'string' ? page.nextCursor : null;
      } while (cursor && out.length < MAX_ITEMS);
    } catch {
      // The service is down or answered nonsense: the sitemap goes out without this part.
    }
    return out.slice(0, MAX_ITEMS);
  }
}
