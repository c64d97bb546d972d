import { type ListingDto, type ListingInput } from '@loadout/contracts';
import {
  createListing,
  isApiError,
  serverFieldErrors,
  listingSaved,
  publishListing,
  updateListing,
  useNavigate,
} from '@loadout/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type PublishedState } from '../../listing/PublishedNotice';
import { type FormErrors, formFieldOf } from './listing-form-values';

export const SELL_TEXTS = {
  published: 'Your listing is live',
  draftSaved: 'Draft saved',
  changesSaved: 'Changes saved',
  saveFailed: 'Could not save the listing',
  uploadsBusy: 'Wait for your photos to finish uploading.',
  uploadsFailed: 'Retry or remove the photos that could not be uploaded.',
  publishBlocked:
    'Publishing is not possible while the declared muzzle energy is over the 1 joule limit.',
} as const;

const JOULE_LIMIT_CODE = 'LISTINGS.JOULE_LIMIT_EXCEEDED';

/** What the sell form asks for: save as it is, or publish. */
export type Action = 'save' | 'publish';

/** Field errors of an API answer (`details`, or the 1 joule refusal by its code). */
const serverFormErrors = (error: unknown): FormErrors =>
  serverFieldErrors(error, formFieldOf, { [JOULE_LIMIT_CODE]: 'fps' });

export interface SaveListingCallbacks {
  /** The API refused some fields: their messages, to show next to them. */
  onFieldErrors: (errors: FormErrors) => void;
  /** Any other failure, with the request id to quote to support. */
  onFormError: (error: { message: string; reference?: string }) => void;
}

/**
 * Creates or updates (and optionally publishes) a listing, then updates the caches, says so
 * and goes where the seller expects: the listing once published, the draft's own URL once
 * created.
 */
export function useSaveListing(listing: ListingDto | undefined, callbacks: SaveListingCallbacks) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, input }: { action: Action; input: ListingInput }) => {
      if (!listing) {
        return createListing(action === 'publish' ? { ...input, publish: true } : input);
      }
      const saved = await updateListing(listing.id, input);
      return action === 'publish' ? publishListing(listing.id) : saved;
    },
    onSuccess: (saved, { action }) => {
      listingSaved(queryClient, saved);
      if (action === 'publish') {
        toast.success(SELL_TEXTS.published, { description: saved.title });
        const state: PublishedState = { published: true };
        void navigate(`/listing/${encodeURIComponent(saved.id)}`, { state });
      } else if (!listing) {
        toast.success(SELL_TEXTS.draftSaved, { description: saved.title });
        void navigate(`/sell/${encodeURIComponent(saved.id)}`, { replace: true });
      } else {
        toast.success(saved.status === 'draft' ? SELL_TEXTS.draftSaved : SELL_TEXTS.changesSaved);
      }
    },
    onError: (error) => {
      const fields = serverFormErrors(error);
      if (Object.keys(fields).length > 0) {
        callbacks.onFieldErrors(fields);
        return;
      }
      const message =
        error instanceof Error && error.message
          ? error.message
          : 'Something went wrong. Please try again.';
      callbacks.onFormError({
        message,
        reference: isApiError(error) ? error.requestId : undefined,
      });
      toast.error(SELL_TEXTS.saveFailed, { description: message });
    },
  });
}
