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
