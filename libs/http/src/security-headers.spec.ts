import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it("returns helmet's headers for the options, and none of Fastify's own", async () => {
    const headers = await securityHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'https://cdn.example'] },
      },
      crossOriginEmbedderPolicy: false,
    });
    expect(headers['content-security-policy']).toContain("img-src 'self' https://cdn.example");
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    for (const own of ['content-type', 'content-length', 'date', 'connection'])
      expect(headers[own]).toBeUndefined();
  });
});
