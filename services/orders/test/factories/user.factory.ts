import { type TestIssuer } from '@loadout/auth/testing';
import { newId } from '@loadout/db';

export interface TestUser {
  id: string;
  token: string;
}

/** A signed-in user with a fresh id (so tests never share orders). */
export async function buildUser(issuer: TestIssuer, roles: string[] = ['user']): Promise<TestUser> {
  const id = newId();
  const token = await issuer.sign({
    sub: id,
    preferred_username: `u_${id.slice(0, 6)}`,
    name: 'Test User',
    email: `${id}@example.com`,
    email_verified: true,
    roles,
  });
  return { id, token };
}
