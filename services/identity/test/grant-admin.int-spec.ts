import 'reflect-metadata';
import { grantAdmin } from '../src/accounts/grant-role/grant-admin';
import { decodeTokenPayload } from '../src/oidc/provider/refresh-token-id';
import { type OwnProfile } from '../src/accounts/persistence/user.mapper';
import { useIdentityApp } from './support/identity-harness';
import { signIn } from './support/oidc-flow';

describe('admin bootstrap', () => {
  const t = useIdentityApp();
  const { call, outbox, signUpAndVerify } = t;

  it('grants admin with an event; the next token carries the admin role', async () => {
    const user = await signUpAndVerify();
    const before = await signIn(t.rp, user);
    expect((await t.verifier.verify(before.access_token)).roles).toEqual(['user']);

    expect(await grantAdmin(t.ds, 'nobody@example.test')).toEqual({ status: 'not_found' });
    expect(await grantAdmin(t.ds, user.email.toUpperCase())).toMatchObject({ status: 'granted' });
    expect(await grantAdmin(t.ds, user.email)).toMatchObject({ status: 'already_admin' });
    const events = (await outbox(user.id)).filter(
      (r) => r.topic === 'identity.user.role_changed.v1',
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.envelope.payload).toEqual({
      userId: user.id,
      role: 'admin',
      previousRole: 'user',
    });

    const refreshed = await t.rp.oidc.refreshTokenGrant(t.rp.config, before.refresh_token!);
    expect((await t.verifier.verify(refreshed.access_token)).roles).toEqual(['user', 'admin']);
    const fresh = await signIn(t.rp, user);
    expect(decodeTokenPayload(fresh.access_token)).toMatchObject({
      realm_access: { roles: ['user', 'admin'] },
    });
    expect((await call<OwnProfile>('/api/v1/me', { token: fresh.access_token })).body.role).toBe(
      'admin',
    );
  });
});
