import 'reflect-metadata';
import { useServiceUnderTest } from '@loadout/service-kit/testing';
import { adminService } from '../src/admin.service';

describe('list-bug-reports', () => {
  const t = useServiceUnderTest(adminService);

  it('answers admins only', async () => {
    expect((await t.call('/api/v1/admin')).status).toBe(401);
    expect((await t.call('/api/v1/admin', { token: await t.token('u1') })).status).toBe(403);
    const admin = await t.call('/api/v1/admin', {
      token: await t.token('a1', ['user', 'admin']),
    });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ items: [], nextCursor: null });
  });
});
