import { apiFetch } from '@loadout/web';
import { type Field, type FieldFilters, type FieldPage } from './field.types';

export const FIELDS_PAGE_SIZE = 12;

export const fieldKeys = {
  list: (filters: FieldFilters) => ['fields', 'list', filters] as const,
  detail: (id: string) => ['fields', 'detail', id] as const,
};

/** `GET /api/v1/fields`: one page of fields, filtered by county and game type. */
export const fetchFields = (
  filters: FieldFilters,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiFetch<FieldPage>('/api/v1/fields', {
    signal,
    publicRead: true,
    query: { county: filters.county, gameType: filters.gameType, cursor, limit: FIELDS_PAGE_SIZE },
  });

/** `GET /api/v1/fields/{id}`. */
export const fetchField = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<Field>(`/api/v1/fields/${encodeURIComponent(id)}`, { signal, publicRead: true });
