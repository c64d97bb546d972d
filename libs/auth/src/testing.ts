import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { AddressInfo } from 'node:net';

export interface TestIssuer {
  issuer: string;
  jwksUrl: string;
  /** The `aud` of its access tokens (set AUTH_AUDIENCE to it). */
  audience: string;
  /**
   * Signs an access token with Keycloak's claim shape (RFC 9068 `typ: at+jwt` header, like the
   * embedded provider); override any claim, or the header type with `typ`.
   */
  sign(
    claims: { sub: string; roles?: string[] } & Record<string, unknown>,
    options?: { expiresIn?: string; typ?: string | null },
  ): Promise<string>;
  /** Signs an ID token as the embedded provider does: no `typ`, `aud` = the browser's client. */
  signIdToken(claims: { sub: string } & Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real HTTP issuer for tests: serves discovery and a JWKS on 127.0.0.1 and signs
 * tokens with its own RS256 key, until the identity service's provider replaces it.
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let base = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer: base, jwks_uri: `${base}/jwks` }));
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const audience = `${base}/api`;
  return {
    issuer: base,
    jwksUrl: `${base}/jwks`,
    audience,
    async signIdToken({ sub, ...rest }) {
      return new SignJWT({
        email: `${sub}@example.test`,
        realm_access: { roles: ['user'] },
        ...rest,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setSubject(sub)
        .setIssuer(base)
        .setAudience('loadout-web')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    },
    async sign({ sub, roles = ['user'], ...rest }, options = {}) {
      const typ = options.typ === undefined ? 'at+jwt' : options.typ;
      return new SignJWT({
        email: `${sub}@example.test`,
        email_verified: true,
        preferred_username: sub,
        name: sub,
        realm_access: { roles },
        ...rest,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', ...(typ ? { typ } : {}) })
        .setSubject(sub)
        .setIssuer(base)
        .setAudience(typeof rest['aud'] === 'string' ? rest['aud'] : audience)
        .setIssuedAt()
        .setExpirationTime(
          typeof rest['exp'] === 'number' ? rest['exp'] : (options.expiresIn ?? '5m'),
        )
        .sign(privateKey);
    },
    // Kept-alive connections of the code under test would hold close() open until they time out.
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
