import 'reflect-metadata';
import { buildSignUp } from './factories/sign-up.factory';
import { useIdentityApp } from './support/identity-harness';

describe('internal user status (who may be messaged)', () => {
  const t = useIdentityApp();
  const { call, signUpAndVerify } = t;

  it('answers 200 for an existing, active account', async () => {
    const user = await signUpAndVerify();
    const res = await call(`/internal/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: user.id, active: true });
  });

  it('answers 404 in the house shape for an unknown id, a malformed id, an unverified and a suspended account', async () => {
    const unknown = await call<{ code: string; requestId: string }>('/internal/users/ghost-0000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'IDENTITY.USER_NOT_FOUND' });
    expect(typeof unknown.body.requestId).toBe('string');
    expect((await call('/internal/users/not%20an%20id')).status).toBe(404);

    const input = buildSignUp();
    expect((await call('/api/v1/auth/sign-up', { body: input })).status).toBe(201);
    const unverified = await t.userIdOf(input.email);
    expect((await call(`/internal/users/${unverified}`)).status).toBe(404);

    const suspended = await signUpAndVerify();
    await t.ds.query(`UPDATE identity.users SET suspended_at = now() WHERE id = $1`, [
      suspended.id,
    ]);
    expect((await call(`/internal/users/${suspended.id}`)).status).toBe(404);
  });

  it('stays out of the API document', async () => {
    const doc = await call<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(Object.keys(doc.body.paths).some((p) => p.startsWith('/internal'))).toBe(false);
  });
});
