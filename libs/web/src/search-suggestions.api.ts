import { type SearchSuggestion, type SearchSuggestionsResponse } from '@loadout/contracts';
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
    publicRead: true,
  });
}

/** Where choosing a suggestion goes: a search for a model or brand, a category's results. */
export function suggestionPath(suggestion: SearchSuggestion): string {
  if (suggestion.kind === 'category' && suggestion.category)
    return `/marketplace?category=${encodeURIComponent(suggestion.category)}`;
  return `/marketplace?search=${encodeURIComponent(suggestion.search ?? suggestion.label)}`;
}
