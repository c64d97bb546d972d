import 'reflect-metadata';
import { type OwnProfile, type PublicProfile } from '../src/accounts/persistence/user.mapper';
import { useIdentityApp } from './support/identity-harness';
import { signIn } from './support/oidc-flow';

describe('profiles', () => {
  const t = useIdentityApp();
  const { call, outbox, signUpAndVerify } = t;

  it('updates the own profile with an event, and refuses anonymous updates with the seed text', async () => {
    const user = await signUpAndVerify();
    const { access_token } = await signIn(t.rp, user);
    const anonymous = await call('/api/v1/me', { method: 'PATCH', body: { bio: 'x' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ message: 'No user authenticated' });

    const updated = await call<OwnProfile>('/api/v1/me', {
      method: 'PATCH',
      token: access_token,
      body: {
        displayName: 'Seán the Sniper',
        bio: 'Woodland player',
        county: 'Kerry',
        sellerType: 'trader',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      displayName: 'Seán the Sniper',
      county: 'Kerry',
      sellerType: 'trader',
    });
    expect((await outbox(user.id)).at(-1)).toMatchObject({
      topic: 'identity.user.profile_updated.v1',
      envelope: {
        actorId: user.id,
        payload: {
          userId: user.id,
          displayName: 'Seán the Sniper',
          county: 'Kerry',
          sellerType: 'trader',
          avatarUrl: null,
        },
      },
    });
    const bad = await call('/api/v1/me', {
      method: 'PATCH',
      token: access_token,
      body: { county: 'Atlantis' },
    });
    expect(bad.status).toBe(400);

    const pub = await call<PublicProfile>(`/api/v1/users/${user.username.toUpperCase()}`);
    expect(pub.status).toBe(200);
    expect(Object.keys(pub.body).sort()).toEqual([
      'avatarUrl',
      'bio',
      'county',
      'createdAt',
      'displayName',
      'id',
      'location',
      'sellerType',
      'username',
    ]);
    expect((await call('/api/v1/users/nobody_here')).status).toBe(404);
  });

  it('refuses null for what cannot be empty with a 400 and changes nothing (it was a 500), and lets county and avatar be cleared', async () => {
    const user = await signUpAndVerify();
    const { access_token } = await signIn(t.rp, user);
    const patch = (body: Record<string, unknown>) =>
      call<OwnProfile & { code: string; details: { field: string }[] }>('/api/v1/me', {
        method: 'PATCH',
        token: access_token,
        body,
      });
    expect((await patch({ bio: 'Woodland player', county: 'Kerry' })).status).toBe(200);
    const before = (await call<OwnProfile>('/api/v1/me', { token: access_token })).body;

    for (const field of ['displayName', 'bio', 'location', 'sellerType']) {
      const res = await patch({ bio: 'Changed', [field]: null });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('COMMON.VALIDATION_FAILED');
      expect(res.body.details.map((d) => d.field)).toEqual([field]);
    }
    expect((await call<OwnProfile>('/api/v1/me', { token: access_token })).body).toEqual(before);

    const cleared = await patch({ county: null, avatarUrl: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ county: null, avatarUrl: null, bio: 'Woodland player' });
  });

  it('serves the sign-in configuration for keycloak-js', async () => {
    expect((await call('/api/v1/auth/config')).body).toEqual({
      mode: 'embedded',
      issuer: `${t.base}/oidc`,
      clientId: 'loadout-web',
    });
  });
});
