import {
  type CreateFieldRequest,
  type FieldDto,
  type FieldListResponse,
  type UpdateFieldRequest,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

// The fields service's API as the admin area uses it (issue 26): pages by name, and the
// admin-only create, edit and delete.

type Signal = { signal?: AbortSignal };

export const FIELDS_ADMIN_PAGE_SIZE = 25;

export const fieldAdminKeys = {
  all: ['fields'] as const,
  page: (county: string | undefined, cursor: string | null) =>
    ['fields', 'admin-page', county ?? null, cursor] as const,
  field: (id: string) => ['fields', 'detail', id] as const,
};

const fieldPath = (id: string) => `/api/v1/fields/${encodeURIComponent(id)}`;

export const fetchFieldsPage = (
  county: string | undefined,
  cursor: string | null,
  { signal }: Signal = {},
) =>
  apiFetch<FieldListResponse>('/api/v1/fields', {
    signal,
    query: { county, cursor, limit: FIELDS_ADMIN_PAGE_SIZE },
  });

export const fetchFieldById = (id: string, { signal }: Signal = {}) =>
  apiFetch<FieldDto>(fieldPath(id), { signal });

export const createField = (input: CreateFieldRequest) =>
  apiFetch<FieldDto>('/api/v1/fields', { method: 'POST', json: input });

export const updateField = (id: string, input: UpdateFieldRequest) =>
  apiFetch<FieldDto>(fieldPath(id), { method: 'PATCH', json: input });

export const deleteField = (id: string) => apiFetch<void>(fieldPath(id), { method: 'DELETE' });
