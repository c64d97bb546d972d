import {
  type AdminUser,
  type AdminUserPage,
  type ChangeRoleRequest,
  type SuspendUserRequest,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';
import { ADMIN_PAGE_SIZE } from './admin.api';

// Identity's admin routes on accounts (ADR 0035; the gateway sends `admin/users` to identity).

type Signal = { signal?: AbortSignal };

export const adminUserKeys = {
  search: (q: string, cursor: string | null) => ['admin', 'users', q, cursor] as const,
  user: (id: string) => ['admin', 'user', id] as const,
};

const userPath = (id: string) => `admin/users/${encodeURIComponent(id)}`;

export const searchAdminUsers = (q: string, cursor: string | null, { signal }: Signal = {}) =>
  apiFetch<AdminUserPage>('admin/users', {
    signal,
    query: { q: q || undefined, cursor, limit: ADMIN_PAGE_SIZE },
  });

export const fetchAdminUser = (id: string, { signal }: Signal = {}) =>
  apiFetch<AdminUser>(userPath(id), { signal });

export const suspendUser = (id: string, input: SuspendUserRequest) =>
  apiFetch<AdminUser>(`${userPath(id)}/suspension`, { method: 'POST', json: input });

export const reinstateUser = (id: string, reason: string) =>
  apiFetch<AdminUser>(`${userPath(id)}/suspension`, { method: 'DELETE', json: { reason } });

export const changeUserRole = (id: string, input: ChangeRoleRequest) =>
  apiFetch<AdminUser>(`${userPath(id)}/role`, { method: 'PUT', json: input });
