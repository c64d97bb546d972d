import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type CreateFieldRequest, type UpdateFieldRequest } from '@loadout/contracts';
import {
  createField,
  deleteField,
  fetchField,
  fetchFields,
  fetchFieldsAdminPage,
  fetchFieldStats,
  fieldKeys,
  type FieldFilters,
  updateField,
} from './fields.api';

/** Fields matching the filters, one page per `nextCursor` (the public list). */
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

/** How many playing fields there are. */
export function useFieldCount() {
  return useQuery({
    queryKey: fieldKeys.stats,
    queryFn: ({ signal }) => fetchFieldStats({ signal }),
    select: (data) => data.count,
  });
}

/** One page of the admin table. */
export function useFieldsAdminPage(county: string | undefined, cursor: string | null) {
  return useQuery({
    queryKey: fieldKeys.adminPage(county, cursor),
    queryFn: ({ signal }) => fetchFieldsAdminPage(county, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A field change refreshes every fields query (the admin pages, the public lists, the count). */
function useFieldMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: fieldKeys.all }),
  });
}

export function useCreateField() {
  return useFieldMutation((input: CreateFieldRequest) => createField(input));
}

export function useUpdateField() {
  return useFieldMutation(({ id, input }: { id: string; input: UpdateFieldRequest }) =>
    updateField(id, input),
  );
}

export function useDeleteField() {
  return useFieldMutation((id: string) => deleteField(id));
}
