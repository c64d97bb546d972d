import { type JWTVerifyResult } from 'jose';

/** Tokens remembered at most; the least recently used goes first. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * Tokens whose signature and registered claims (issuer, audience, algorithm, expiry) `jose`
 * already checked, kept until the token's own `exp`: a caller sends the same token on every
 * request, and the signature check is most of a request's auth CPU. Only that check is
 * skipped; what the verifier decides from the claims afterwards (token kind, user, any later
 * session check) still runs on every request. A token without `exp` is never kept.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { result: JWTVerifyResult; expiresAtMs: number }>();

  constructor(
    private readonly maxEntries = VERIFIED_TOKEN_CACHE_SIZE,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The earlier verification of `token`, while the token has not expired. */
  get(token: string): JWTVerifyResult | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    this.entries.delete(token);
    if (entry.expiresAtMs <= this.now()) return undefined;
    // Re-inserted: Map order is the recency order the eviction below relies on.
    this.entries.set(token, entry);
    return entry.result;
  }

  /** Remembers a verification that just succeeded; returns it. */
  keep(token: string, result: JWTVerifyResult): JWTVerifyResult {
    const exp = result.payload.exp;
    if (typeof exp !== 'number') return result;
    this.entries.delete(token);
    this.entries.set(token, { result, expiresAtMs: exp * 1000 });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return result;
  }
}
