import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FieldFilters } from './field.types';
import { fetchField, fetchFields, fieldKeys } from './fields.api';

/** Fields matching the filters, one page per `nextCursor`. */
export function useFieldList(filters: FieldFilters) {
  return useInfiniteQuery({
    queryKey: fieldKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchFields(filters, pageParam, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useField(id: string) {
  return useQuery({
    queryKey: fieldKeys.detail(id),
    queryFn: ({ signal }) => fetchField(id, { signal }),
  });
}
