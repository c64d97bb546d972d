import { type JWTVerifyResult } from 'jose';
import { VerifiedTokenCache } from './verified-token-cache';

const verified = (exp?: number): JWTVerifyResult =>
  ({
    payload: { sub: 'u', ...(exp === undefined ? {} : { exp }) },
    protectedHeader: { alg: 'RS256' },
  }) as JWTVerifyResult;

describe('VerifiedTokenCache', () => {
  it('remembers a verified token until its exp, then forgets it', () => {
    let now = 1_000_000;
    const cache = new VerifiedTokenCache(10, () => now);
    const result = verified(now / 1000 + 60);
    expect(cache.keep('t1', result)).toBe(result);
    expect(cache.get('t1')).toBe(result);
    now += 59_999;
    expect(cache.get('t1')).toBe(result);
    now += 1;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a token without exp', () => {
    const cache = new VerifiedTokenCache(10, () => 0);
    cache.keep('t', verified());
    expect(cache.get('t')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = new VerifiedTokenCache(2, () => 0);
    cache.keep('a', verified(100));
    cache.keep('b', verified(100));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.keep('c', verified(100));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });
});
