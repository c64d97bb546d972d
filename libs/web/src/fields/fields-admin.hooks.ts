import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateFieldRequest, type UpdateFieldRequest } from '@loadout/contracts';
import {
  createField,
  deleteField,
  fetchFieldById,
  fetchFieldsPage,
  fieldAdminKeys,
  updateField,
} from './fields-admin.api';

export function useFieldsPage(county: string | undefined, cursor: string | null) {
  return useQuery({
    queryKey: fieldAdminKeys.page(county, cursor),
    queryFn: ({ signal }) => fetchFieldsPage(county, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFieldById(id: string) {
  return useQuery({
    queryKey: fieldAdminKeys.field(id),
    queryFn: ({ signal }) => fetchFieldById(id, { signal }),
  });
}

/** A field change refreshes every fields query (the admin pages and the public lists). */
function useFieldMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: fieldAdminKeys.all }),
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
