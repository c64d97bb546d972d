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

/** Bytes of bodies held in this process at most; the oldest entries go first. */
export const LOCAL_CACHE_BYTES = 32 * 1024 * 1024;

interface LocalEntry {
  entry: CachedResponse;
  expiresAt: number;
}

/**
 * Short-lived shared cache for anonymous browse GETs. Seconds of staleness are fine for
 * browsing; signed-in requests always go through.
 *
 * Entries are kept decoded in this process until the expiry they were stored with (a hit costs
 * no parsing, no base64 and no hashing), in front of Redis when it is configured (shared by the
 * replicas, which fill each other's misses) and as the only store otherwise. An entry is never
 * replaced before it expires, so the local copy is never staler than the shared one.
 */
@Injectable()
export class BrowseCache {
  private readonly local = new Map<string, LocalEntry>();
  private localBytes = 0;

  constructor(
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  get ttlSeconds(): number {
    return this.config.BROWSE_CACHE_TTL_SECONDS;
  }

  async get(url: string): Promise<CachedResponse | null> {
    if (this.ttlSeconds === 0) return null;
    const local = this.local.get(url);
    if (local) {
      if (local.expiresAt > Date.now()) return local.entry;
      this.forget(url, local);
    }
    if (this.store.kind === 'memory') return null;
    const raw = await this.store.get(this.key(url));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Omit<CachedResponse, 'body'> & {
      body: string;
      expiresAt?: number;
    };
    const { expiresAt, ...rest } = parsed;
    const entry: CachedResponse = { ...rest, body: Buffer.from(parsed.body, 'base64') };
    if (expiresAt !== undefined) this.keep(url, entry, expiresAt);
    return entry;
  }

  async put(url: string, entry: CachedResponse): Promise<void> {
    if (this.ttlSeconds === 0) return;
    const ttlMs = this.ttlSeconds * 1000;
    const expiresAt = Date.now() + ttlMs;
    this.keep(url, entry, expiresAt);
    if (this.store.kind === 'memory') return;
    await this.store.set(
      this.key(url),
      JSON.stringify({ ...entry, body: entry.body.toString('base64'), expiresAt }),
      ttlMs,
    );
  }

  private keep(url: string, entry: CachedResponse, expiresAt: number): void {
    const old = this.local.get(url);
    if (old) this.forget(url, old);
    this.local.set(url, { entry, expiresAt });
    this.localBytes += entry.body.length;
    for (const [key, value] of this.local) {
      if (this.localBytes <= LOCAL_CACHE_BYTES) break;
      this.forget(key, value);
    }
  }

  private forget(url: string, local: LocalEntry): void {
    this.local.delete(url);
    this.localBytes -= local.entry.body.length;
  }

  private key(url: string): string {
    return `browse:${url}`;
  }
}
