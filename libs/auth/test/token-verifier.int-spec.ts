import { TokenVerifier } from '../src';
import { startTestIssuer, type TestIssuer } from '../src/testing';

describe('TokenVerifier against an issuer over HTTP', () => {
  let issuer: TestIssuer;
  let other: TestIssuer;
  beforeAll(async () => {
    issuer = await startTestIssuer();
    other = await startTestIssuer();
  });
  afterAll(async () => {
    await issuer.close();
    await other.close();
  });

  it('accepts a token signed by the issuer (JWKS found through discovery)', async () => {
    const verifier = new TokenVerifier({ issuer: issuer.issuer, audience: issuer.audience });
    const user = await verifier.verify(
      await issuer.sign({ sub: 'user-1', roles: ['user', 'admin'] }),
    );
    expect(user).toMatchObject({ id: 'user-1', roles: ['user', 'admin'], emailVerified: true });
  });

  it('refuses a token from an unknown issuer', async () => {
    const verifier = new TokenVerifier({ issuer: issuer.issuer, audience: issuer.audience });
    await expect(verifier.verify(await other.sign({ sub: 'x' }))).rejects.toMatchObject({
      code: 'AUTH.INVALID_TOKEN',
      status: 401,
    });
  });

  it('refuses a token whose signature was tampered with', async () => {
    const verifier = new TokenVerifier({
      issuer: issuer.issuer,
      jwksUrl: issuer.jwksUrl,
      audience: issuer.audience,
    });
    const token = await issuer.sign({ sub: 'user-1' });
    const [h, p] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(p!, 'base64url').toString()),
        realm_access: { roles: ['admin'] },
      }),
    ).toString('base64url');
    await expect(
      verifier.verify(`${h}.${forgedPayload}.${token.split('.')[2]}`),
    ).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
  });

  it('refuses an expired token with a sign-in-again message', async () => {
    const verifier = new TokenVerifier({ issuer: issuer.issuer, audience: issuer.audience });
    const token = await issuer.sign({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) - 60 });
    await expect(verifier.verify(token)).rejects.toMatchObject({
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('refuses a token it verified before once that token expires', async () => {
    const verifier = new TokenVerifier({ issuer: issuer.issuer, audience: issuer.audience });
    const token = await issuer.sign({ sub: 'user-1' }, { expiresIn: '2s' });
    expect(await verifier.verify(token)).toMatchObject({ id: 'user-1' });
    expect(await verifier.verify(token)).toMatchObject({ id: 'user-1' });
    await new Promise((r) => setTimeout(r, 2100));
    await expect(verifier.verify(token)).rejects.toMatchObject({
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('reports an unreachable issuer as unavailable, not as a bad token', async () => {
    const verifier = new TokenVerifier({ issuer: 'http://127.0.0.1:9', audience: 'api' });
    await expect(verifier.verify(await issuer.sign({ sub: 'x' }))).rejects.toMatchObject({
      code: 'AUTH.ISSUER_UNAVAILABLE',
      status: 503,
    });
  });

  it('accepts nothing when no issuer is configured', async () => {
    await expect(
      new TokenVerifier({}).verify(await issuer.sign({ sub: 'x' })),
    ).rejects.toMatchObject({ code: 'AUTH.NOT_CONFIGURED' });
  });

  describe('finding 2: access tokens only', () => {
    const verifier = () =>
      new TokenVerifier({
        issuer: issuer.issuer,
        jwksUrl: issuer.jwksUrl,
        audience: issuer.audience,
      });

    it('refuses an ID token used as a bearer token, every time it is sent', async () => {
      const v = verifier();
      const idToken = await issuer.signIdToken({ sub: 'u1' });
      for (let i = 0; i < 2; i++)
        await expect(v.verify(idToken)).rejects.toMatchObject({
          code: 'AUTH.INVALID_TOKEN',
          status: 401,
        });
    });

    it('refuses a token for another audience, and one without a type', async () => {
      await expect(
        verifier().verify(await issuer.sign({ sub: 'u1', aud: 'loadout-web' })),
      ).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
      await expect(
        verifier().verify(await issuer.sign({ sub: 'u1' }, { typ: null })),
      ).rejects.toMatchObject({
        message: 'Only an access token opens the API; this is another kind of token.',
      });
    });

    it("accepts Keycloak's access tokens (payload typ Bearer) and refuses its ID tokens", async () => {
      const access = await issuer.sign({ sub: 'kc-1', typ: 'Bearer' }, { typ: 'JWT' });
      expect(await verifier().verify(access)).toMatchObject({ id: 'kc-1' });
      const id = await issuer.sign({ sub: 'kc-1', typ: 'ID' }, { typ: 'JWT' });
      await expect(verifier().verify(id)).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    });

    it('accepts nothing when the audience is not configured', async () => {
      const noAudience = new TokenVerifier({ issuer: issuer.issuer, jwksUrl: issuer.jwksUrl });
      await expect(noAudience.verify(await issuer.sign({ sub: 'u1' }))).rejects.toMatchObject({
        code: 'AUTH.NOT_CONFIGURED',
      });
    });
  });
});
