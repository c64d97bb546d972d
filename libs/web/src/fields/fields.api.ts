import {
  type CreateFieldRequest,
  type FieldDto,
  type FieldListResponse,
  type FieldStatsResponse,
  type GameType,
  type IrishCounty,
  type UpdateFieldRequest,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

// The fields service's API, one client for every remote (issue 29 item 5): the public list and
// detail (fields remote), the count on the home page (shell), and the admin-only pages, create,
// edit and delete (admin remote). One cache-key space: an admin's change refreshes them all.

type Signal = { signal?: AbortSignal };

/** The public list's filters (both optional). */
export interface FieldFilters {
  county?: IrishCounty;
  gameType?: GameType;
}

export const FIELDS_PAGE_SIZE = 12;
export const FIELDS_ADMIN_PAGE_SIZE = 25;

export const fieldKeys = {
  all: ['fields'] as const,
  list: (filters: FieldFilters) => ['fields', 'list', filters] as const,
  adminPage: (county: string | undefined, cursor: string | null) =>
    ['fields', 'admin-page', county ?? null, cursor] as const,
  detail: (id: string) => ['fields', 'detail', id] as const,
  stats: ['fields', 'stats'] as const,
};

const fieldPath = (id: string) => `/api/v1/fields/${encodeURIComponent(id)}`;

/** `GET /api/v1/fields`: one public page of fields, filtered by county and game type. */
export const fetchFields = (
  filters: FieldFilters,
  cursor: string | null,
  { signal }: Signal = {},
) =>
  apiFetch<FieldListResponse>('/api/v1/fields', {
    signal,
    publicRead: true,
    query: { county: filters.county, gameType: filters.gameType, cursor, limit: FIELDS_PAGE_SIZE },
  });

/** `GET /api/v1/fields` as the admin table pages it (by name, 25 a page). */
export const fetchFieldsAdminPage = (
  county: string | undefined,
  cursor: string | null,
  { signal }: Signal = {},
) =>
  apiFetch<FieldListResponse>('/api/v1/fields', {
    signal,
    query: { county, cursor, limit: FIELDS_ADMIN_PAGE_SIZE },
  });

/** `GET /api/v1/fields/{id}` (public). */
export const fetchField = (id: string, { signal }: Signal = {}) =>
  apiFetch<FieldDto>(fieldPath(id), { signal, publicRead: true });

/** `GET /api/v1/fields/stats`: how many fields there are (the home page's figure). */
export const fetchFieldStats = ({ signal }: Signal = {}) =>
  apiFetch<FieldStatsResponse>('/api/v1/fields/stats', { signal, publicRead: true });

export const createField = (input: CreateFieldRequest) =>
  apiFetch<FieldDto>('/api/v1/fields', { method: 'POST', json: input });

export const updateField = (id: string, input: UpdateFieldRequest) =>
  apiFetch<FieldDto>(fieldPath(id), { method: 'PATCH', json: input });

export const deleteField = (id: string) => apiFetch<void>(fieldPath(id), { method: 'DELETE' });
