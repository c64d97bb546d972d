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
import { apiFetch } from '@loadout/web';
import { type UploadApi } from './upload/upload-task';

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

const listingPath = (id: string) => `listings/${encodeURIComponent(id)}`;

export const sellApi = {
  getListing: (id: string) => apiFetch<ListingDto>(listingPath(id)),
  createListing: (input: ListingInput) =>
    apiFetch<ListingDto>('listings', { method: 'POST', json: input }),
  updateListing: (id: string, input: ListingInput) =>
    apiFetch<ListingDto>(listingPath(id), { method: 'PATCH', json: input }),
  publishListing: (id: string) =>
    apiFetch<ListingDto>(`${listingPath(id)}/publish`, { method: 'POST' }),
  withdrawListing: (id: string) => apiFetch<ListingDto>(listingPath(id), { method: 'DELETE' }),
  myListings: (params: { status?: ListingStatus; cursor?: string | null }) =>
    apiFetch<MyListingsResponse>('listings/mine', {
      query: { status: params.status, cursor: params.cursor },
    }),
};

/** The upload calls the upload engine makes (the part PUTs go straight to their URLs). */
export const uploadApi: UploadApi = {
  createUpload: (request: UploadRequest) =>
    apiFetch<UploadTicket>('uploads', { method: 'POST', json: request }),
  completeUpload: (uploadId: string, body: CompleteUploadRequest) =>
    apiFetch<ListingImageDto>(`uploads/${encodeURIComponent(uploadId)}/complete`, {
      method: 'POST',
      json: body,
    }),
  cancelUpload: async (uploadId: string) => {
    await apiFetch<unknown>(`uploads/${encodeURIComponent(uploadId)}`, { method: 'DELETE' });
  },
};

export const sellKeys = {
  listing: (id: string) => ['sell', 'listing', id] as const,
  mine: (status: ListingStatus | 'all') => ['sell', 'mine', status] as const,
  allMine: ['sell', 'mine'] as const,
};
