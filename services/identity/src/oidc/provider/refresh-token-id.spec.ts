import { decodeTokenPayload, jwtShapedTokenId } from './refresh-token-id';

describe('JWT-shaped refresh token id', () => {
  it('decodes like a JWT, as keycloak-js does, with expiry and subject', () => {
    const id = jwtShapedTokenId({
      accountId: 'u1',
      clientId: 'loadout-web',
      expiresIn: 60,
      now: 1000,
    });
    expect(id.split('.')).toHaveLength(3);
    expect(id.endsWith('.')).toBe(true);
    expect(decodeTokenPayload(id)).toMatchObject({
      typ: 'Refresh',
      sub: 'u1',
      azp: 'loadout-web',
      iat: 1000,
      exp: 1060,
    });
  });

  it('carries 256 random bits, so ids never repeat', () => {
    const ids = new Set(Array.from({ length: 200 }, () => jwtShapedTokenId({ expiresIn: 1 })));
    expect(ids.size).toBe(200);
    expect(String(decodeTokenPayload([...ids][0]!).jti)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
