import { type SearchSuggestion, type SearchSuggestionsResponse } from '@loadout/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from './api-client';

/** How long typing must pause before suggestions are asked for. */
export const SUGGESTION_DEBOUNCE_MS = 150;

export const searchSuggestionKeys = {
  all: ['listings', 'suggestions'] as const,
  prefix: (text: string) => ['listings', 'suggestions', text] as const,
};

/** `GET /api/v1/listings/suggestions?q=`: model names, brands and categories for a prefix. */
export function fetchSearchSuggestions(
  text: string,
  init: { signal?: AbortSignal } = {},
): Promise<SearchSuggestionsResponse> {
  return apiFetch<SearchSuggestionsResponse>('listings/suggestions', {
    query: { q: text },
    signal: init.signal,
  });
}

/** Where choosing a suggestion goes: a search for a model or brand, a category's results. */
export function suggestionPath(suggestion: SearchSuggestion): string {
  if (suggestion.kind === 'category' && suggestion.category)
    return `/marketplace?category=${encodeURIComponent(suggestion.category)}`;
  return `/marketplace?search=${encodeURIComponent(suggestion.search ?? suggestion.label)}`;
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

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
