import { type DeliveryAddressInput, type SavedAddress } from '@loadout/contracts';
import { apiFetch } from '../api-client';

/** The signed-in user's address book (identity, ADR 0029). */
export const addressKeys = {
  mine: ['account', 'addresses'] as const,
};

export const fetchAddresses = (opts: { signal?: AbortSignal } = {}) =>
  apiFetch<{ items: SavedAddress[] }>('/api/v1/me/addresses', opts);

export const addAddress = (input: DeliveryAddressInput) =>
  apiFetch<SavedAddress>('/api/v1/me/addresses', { method: 'POST', json: input });

export const editAddress = (id: string, input: Partial<DeliveryAddressInput>) =>
  apiFetch<SavedAddress>(`/api/v1/me/addresses/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: input,
  });

export const removeAddress = (id: string) =>
  apiFetch<void>(`/api/v1/me/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });
