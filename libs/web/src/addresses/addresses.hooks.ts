import { type DeliveryAddressInput } from '@loadout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addAddress,
  addressKeys,
  editAddress,
  fetchAddresses,
  removeAddress,
} from './addresses.api';

/** The address book; only fetched when `enabled` (signed in). */
export function useAddresses(enabled = true) {
  return useQuery({
    queryKey: addressKeys.mine,
    queryFn: ({ signal }) => fetchAddresses({ signal }),
    enabled,
  });
}

/** Add, edit and delete; each refreshes the book. A failed write is not retried. */
export function useAddressMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: addressKeys.mine });
  return {
    add: useMutation({
      mutationFn: (input: DeliveryAddressInput) => addAddress(input),
      retry: false,
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: ({ id, input }: { id: string; input: Partial<DeliveryAddressInput> }) =>
        editAddress(id, input),
      retry: false,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => removeAddress(id),
      retry: false,
      onSuccess: refresh,
    }),
  };
}
