import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type KeyValueStore } from '@loadout/cache';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { KEY_VALUE_STORE } from '../kv-store.provider';

export interface CachedResponse {
  status: number;
  contentType: string;
  etag: string;
  body: Buffer;
}

export const etagOf = (body: Buffer): string =>
  `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Matches `If-None-Match` lists and `*`, per RFC 9110 weak comparison. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}

/**
 * Short-lived shared cache for anonymous browse GETs. Seconds of staleness are fine for
 * browsing; signed-in requests always go through.
 */
@Injectable()
export class BrowseCache {
  constructor(
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  get ttlSeconds(): number {
    return this.config.BROWSE_CACHE_TTL_SECONDS;
  }

  async get(url: string): Promise<CachedResponse | null> {
    if (this.ttlSeconds === 0) return null;
    const raw = await this.store.get(this.key(url));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Omit<CachedResponse, 'body'> & { body: string };
    return { ...parsed, body: Buffer.from(parsed.body, 'base64') };
  }

  async put(url: string, entry: CachedResponse): Promise<void> {
    if (this.ttlSeconds === 0) return;
    await this.store.set(
      this.key(url),
      JSON.stringify({ ...entry, body: entry.body.toString('base64') }),
      this.ttlSeconds * 1000,
    );
  }

  private key(url: string): string {
    return `browse:${url}`;
  }
}
