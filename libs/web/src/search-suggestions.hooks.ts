import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SUGGESTION_DEBOUNCE_MS,
  fetchSearchSuggestions,
  searchSuggestionKeys,
} from './search-suggestions.api';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Suggestions for what is being typed: debounced, cached per prefix for a minute (the server
 * caches them too), the previous list kept while the next loads so the list does not flicker.
 * Nothing is asked for blank text or while `enabled` is false.
 */
export function useSearchSuggestions(text: string, enabled = true) {
  const prefix = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: searchSuggestionKeys.prefix(prefix),
    queryFn: ({ signal }) => fetchSearchSuggestions(prefix, { signal }),
    enabled: enabled && prefix.length > 0,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const items = enabled && text.trim().length > 0 ? (query.data?.items ?? []) : [];
  return { items, settled: prefix === text.trim() && !query.isFetching };
}
