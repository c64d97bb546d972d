import 'reflect-metadata';
import { type InternalUserProfilesResponse } from '@loadout/contracts';
import { buildSignUp } from './factories/sign-up.factory';
import { useIdentityApp } from './support/identity-harness';

describe('internal user profiles (names beside conversations)', () => {
  const t = useIdentityApp();
  const { call, signUpAndVerify } = t;

  const displayNameOf = async (id: string) =>
    (
      (await t.ds.query(`SELECT display_name AS n FROM identity.users WHERE id = $1`, [id])) as {
        n: string;
      }[]
    )[0]!.n;

  it('answers the display name and avatar of active accounts, never an email', async () => {
    const a = await signUpAndVerify();
    const b = await signUpAndVerify();
    await t.ds.query(`UPDATE identity.users SET avatar_url = $2 WHERE id = $1`, [
      b.id,
      'https://img.example/avatar-b.webp',
    ]);
    const res = await call<InternalUserProfilesResponse>(
      `/internal/user-profiles?ids=${a.id},${b.id},${a.id}`,
    );
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.items.map((p) => [p.id, p]));
    expect(res.body.items).toHaveLength(2);
    expect(byId[a.id]).toEqual({
      id: a.id,
      displayName: await displayNameOf(a.id),
      avatarUrl: null,
    });
    expect(byId[b.id]).toEqual({
      id: b.id,
      displayName: await displayNameOf(b.id),
      avatarUrl: 'https://img.example/avatar-b.webp',
    });
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('leaves out unknown, unverified and suspended accounts', async () => {
    const active = await signUpAndVerify();
    const input = buildSignUp();
    expect((await call('/api/v1/auth/sign-up', { body: input })).status).toBe(201);
    const unverified = await t.userIdOf(input.email);
    const suspended = await signUpAndVerify();
    await t.ds.query(`UPDATE identity.users SET suspended_at = now() WHERE id = $1`, [
      suspended.id,
    ]);
    const res = await call<InternalUserProfilesResponse>(
      `/internal/user-profiles?ids=${[active.id, unverified, suspended.id, 'ghost-0000'].join(',')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((p) => p.id)).toEqual([active.id]);
  });

  it('refuses a missing, malformed or too long id list with 400 in the house shape', async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => `u${i}`).join(',');
    for (const q of ['', '?ids=', '?ids=a%20b', `?ids=${tooMany}`, '?ids=a,,b']) {
      const res = await call<{ code: string; requestId: string }>(`/internal/user-profiles${q}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.code).toBe('string');
      expect(typeof res.body.requestId).toBe('string');
    }
  });
});
