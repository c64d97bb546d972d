import { isRateLimited } from '../create-gateway';

describe('which paths count towards the rate limit', () => {
  it('counts API calls and sign-in traffic', () => {
    expect(isRateLimited('/api/v1/listings?search=m4')).toBe(true);
    expect(isRateLimited('/api/v1/uploads/abc/parts/1')).toBe(true);
    expect(isRateLimited('/oidc/token')).toBe(true);
    expect(isRateLimited('/auth/interaction/abc/login')).toBe(true);
  });

  it('leaves out static files and immutable listing images', () => {
    expect(isRateLimited('/api/v1/images/images/abc/400.webp')).toBe(false);
    expect(isRateLimited('/remotes/marketplace/remoteEntry.js')).toBe(false);
    expect(isRateLimited('/listing/abc')).toBe(false);
    expect(isRateLimited('/api/v1/webhooks/stripe')).toBe(false);
  });
});
