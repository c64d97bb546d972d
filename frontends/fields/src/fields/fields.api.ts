import { apiFetch } from '@loadout/web';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type Field, type FieldFilters, type FieldPage } from './field.types';

export const FIELDS_PAGE_SIZE = 12;

export const fieldKeys = {
  list: (filters: FieldFilters) => ['fields', 'list', filters] as const,
  detail: (id: string) => ['fields', 'detail', id] as const,
};

export function useFieldList(filters: FieldFilters) {
  return useInfiniteQuery({
    queryKey: fieldKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<FieldPage>('/api/v1/fields', {
        signal,
        query: {
          county: filters.county,
          gameType: filters.gameType,
          cursor: pageParam,
          limit: FIELDS_PAGE_SIZE,
        },
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useField(id: string) {
  return useQuery({
    queryKey: fieldKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch<Field>(`/api/v1/fields/${encodeURIComponent(id)}`, { signal }),
  });
}
