import 'reflect-metadata';
import { type OwnProfile } from '../src/accounts/persistence/user.mapper';
import { useIdentityApp } from './support/identity-harness';
import { signIn } from './support/oidc-flow';

describe('signing key persistence', () => {
  const t = useIdentityApp();
  const { call, signUpAndVerify } = t;

  it('keeps its signing keys across a restart: a token issued before still verifies', async () => {
    const user = await signUpAndVerify();
    const tokens = await signIn(t.rp, user);
    const jwksBefore = await (await fetch(`${t.base}/oidc/jwks`)).json();
    await t.restart();
    expect(await (await fetch(`${t.base}/oidc/jwks`)).json()).toEqual(jwksBefore);
    const me = await call<OwnProfile>('/api/v1/me', { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    // The refresh token (stored in Postgres) survives too.
    const refreshed = await t.rp.oidc.refreshTokenGrant(t.rp.config, tokens.refresh_token!);
    expect((await t.verifier.verify(refreshed.access_token)).id).toBe(user.id);
  });
});
