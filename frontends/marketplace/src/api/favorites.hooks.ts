import { type FavoriteIdsResponse, type ListingDto } from '@loadout/contracts';
import {
  favoriteKeys,
  fetchFavoriteIds,
  fetchFavorites,
  listingKeys,
  setFavorite,
  useSession,
} from '@loadout/web';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

export const FAVORITE_TEXTS = {
  failed: 'Favourites could not be updated',
} as const;

/** The caller's favourite ids (for the heart toggles); only runs when signed in. */
export function useFavoriteIds() {
  const { status } = useSession();
  return useQuery({
    queryKey: favoriteKeys.ids,
    queryFn: ({ signal }) => fetchFavoriteIds({ signal }),
    enabled: status === 'signed-in',
    select: (data) => new Set(data.ids),
  });
}

/** The caller's favourite listings, newest first, one page per cursor; only when signed in. */
export function useFavorites() {
  const { status } = useSession();
  return useInfiniteQuery({
    queryKey: favoriteKeys.list,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchFavorites(pageParam, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    enabled: status === 'signed-in',
  });
}

export interface ToggleFavoriteVariables {
  listingId: string;
  /** The state to set: true saves the listing, false removes it. */
  favorite: boolean;
}

interface ToggleContext {
  /** Whether the listing was a favourite before the click (what a rollback restores). */
  wasFavorite: boolean;
  /** Whether the listing's count was changed optimistically. */
  countChanged: boolean;
}

function withId(data: FavoriteIdsResponse | undefined, id: string, favorite: boolean) {
  const ids = new Set(data?.ids ?? []);
  if (favorite) ids.add(id);
  else ids.delete(id);
  return { ids: [...ids] };
}

/**
 * Saves or removes a favourite. The heart (ids) and the listing's count change at once and are
 * rolled back, with a toast, when the API refuses.
 */
export function useToggleFavorite() {
  const client = useQueryClient();
  const adjustCount = (listingId: string, delta: number): boolean => {
    const detail = client.getQueryData<ListingDto>(listingKeys.detail(listingId));
    if (!detail) return false;
    client.setQueryData<ListingDto>(listingKeys.detail(listingId), {
      ...detail,
      favoriteCount: Math.max(0, detail.favoriteCount + delta),
    });
    return true;
  };
  return useMutation<
    Awaited<ReturnType<typeof setFavorite>>,
    Error,
    ToggleFavoriteVariables,
    ToggleContext
  >({
    mutationFn: ({ listingId, favorite }) => setFavorite(listingId, favorite),
    onMutate: async ({ listingId, favorite }) => {
      await client.cancelQueries({ queryKey: favoriteKeys.ids });
      const ids = client.getQueryData<FavoriteIdsResponse>(favoriteKeys.ids);
      const wasFavorite = ids?.ids.includes(listingId) ?? !favorite;
      client.setQueryData<FavoriteIdsResponse>(favoriteKeys.ids, (data) =>
        withId(data, listingId, favorite),
      );
      const countChanged = wasFavorite !== favorite && adjustCount(listingId, favorite ? 1 : -1);
      return { wasFavorite, countChanged };
    },
    // Undo only this listing's change, so a concurrent toggle of another listing survives.
    onError: (error, { listingId, favorite }, context) => {
      if (context) {
        client.setQueryData<FavoriteIdsResponse>(favoriteKeys.ids, (data) =>
          withId(data, listingId, context.wasFavorite),
        );
        if (context.countChanged) adjustCount(listingId, favorite ? -1 : 1);
      }
      toast.error(FAVORITE_TEXTS.failed, { description: error.message });
    },
    onSuccess: (state) => {
      const detail = client.getQueryData<ListingDto>(listingKeys.detail(state.listingId));
      if (detail) {
        client.setQueryData<ListingDto>(listingKeys.detail(state.listingId), {
          ...detail,
          favoriteCount: state.favoriteCount,
        });
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: favoriteKeys.ids });
      // The favourites page keeps an unsaved card in place (to undo); refresh it on the next visit.
      void client.invalidateQueries({ queryKey: favoriteKeys.list, refetchType: 'none' });
    },
  });
}
