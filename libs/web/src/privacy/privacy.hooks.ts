import { type DeleteAccountRequest } from '@loadout/contracts';
import { useMutation } from '@tanstack/react-query';
import { deleteAccount, fetchDataExport } from './privacy.api';

/** "Download my data": one request per click, never retried (it asks every service). */
export function useDataExport() {
  return useMutation({ mutationFn: () => fetchDataExport(), retry: false });
}

/** "Delete my account": never retried (a refusal has a reason to read). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => deleteAccount(body),
    retry: false,
  });
}
