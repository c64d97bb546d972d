import { type AdminUser } from '@loadout/contracts';
import { createSession, type SessionUser } from '@loadout/web';
import { renderRemote } from '@loadout/web/testing';
import { AdminRoutes } from './routes';

export const ADMIN: SessionUser = {
  id: 'admin-1',
  email: 'demo.admin@example.com',
  username: 'demo_admin',
  displayName: 'Demo Admin',
  roles: ['user', 'admin'],
};

/** The admin remote at `path`, as the shell mounts it for a signed-in admin. */
export const renderAdmin = (path: string, user: SessionUser = ADMIN) =>
  renderRemote(<AdminRoutes />, path, { session: createSession(user) });

/** An account as the admin routes answer it. */
export const adminUser = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u1',
  email: 'sam@example.ie',
  username: 'sam_sniper',
  displayName: 'Sam',
  fullName: 'Sam Byrne',
  role: 'user',
  isVerified: true,
  sellerType: 'private',
  county: 'Dublin',
  suspension: null,
  createdAt: new Date().toISOString(),
  ...over,
});
