// The seller's side of the listings API (issue 29 item 5): their own listings, the writes and
// the photo uploads. It shares `listingKeys` with the public reads, so an edit updates the
// listing page's cache entry and refreshes every list that may show it.
import {
  type CompleteUploadRequest,
  type ListingDto,
  type ListingImageDto,
  type ListingInput,
  type ListingStatus,
  type ListingSummaryDto,
  type UploadRequest,
  type UploadTicket,
} from '@loadout/contracts';
import { type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { listingKeys } from './listings.api';

/**
 * A row of `GET listings/mine`. `removalReason` is read when the server sends it (the
 * contract's summary type does not carry it yet).
 */
export type MyListingDto = ListingSummaryDto & { removalReason?: string | null };

export interface MyListingsResponse {
  items: MyListingDto[];
  nextCursor: string | null;
  total: number;
}

const listingPath = (id: string) => `/api/v1/listings/${encodeURIComponent(id)}`;

/** `GET /api/v1/listings/{id}` once the session is known: a draft shows to its seller only. */
export const fetchOwnListing = (id: string) => apiFetch<ListingDto>(listingPath(id));

export const createListing = (input: ListingInput) =>
  apiFetch<ListingDto>('/api/v1/listings', { method: 'POST', json: input });

export const updateListing = (id: string, input: ListingInput) =>
  apiFetch<ListingDto>(listingPath(id), { method: 'PATCH', json: input });

export const publishListing = (id: string) =>
  apiFetch<ListingDto>(`${listingPath(id)}/publish`, { method: 'POST' });

export const withdrawListing = (id: string) =>
  apiFetch<ListingDto>(listingPath(id), { method: 'DELETE' });

/** `GET /api/v1/listings/mine`: the seller's listings, newest first, by status. */
export const fetchMyListings = (params: { status?: ListingStatus; cursor?: string | null }) =>
  apiFetch<MyListingsResponse>('/api/v1/listings/mine', {
    query: { status: params.status, cursor: params.cursor },
  });

/** `POST /api/v1/uploads`: a ticket for one photo's parts. */
export const createUpload = (request: UploadRequest) =>
  apiFetch<UploadTicket>('/api/v1/uploads', { method: 'POST', json: request });

export const completeUpload = (uploadId: string, body: CompleteUploadRequest) =>
  apiFetch<ListingImageDto>(`/api/v1/uploads/${encodeURIComponent(uploadId)}/complete`, {
    method: 'POST',
    json: body,
  });

export const cancelUpload = async (uploadId: string): Promise<void> => {
  await apiFetch<unknown>(`/api/v1/uploads/${encodeURIComponent(uploadId)}`, {
    method: 'DELETE',
  });
};

/**
 * After a seller's write: the listing's own entry (the edit page and the public listing page
 * share it) takes the answer, and every list, count and preview that may show it is refetched.
 */
export function listingSaved(queryClient: QueryClient, saved: ListingDto): void {
  queryClient.setQueryData(listingKeys.detail(saved.id), saved);
  void queryClient.invalidateQueries({
    queryKey: listingKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
}
