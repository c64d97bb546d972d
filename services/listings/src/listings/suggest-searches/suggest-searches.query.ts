import { Injectable } from '@nestjs/common';
import {
  isListingCategory,
  SEARCH_SUGGESTIONS_MAX,
  type SearchSuggestion,
  type SearchSuggestionsResponse,
} from '@loadout/contracts';
import { ListingsCache } from '../cache/listings-cache';
import { suggestionPrefix } from '../domain/search-query';
import { ListingQueries } from '../persistence/listing-queries';

@Injectable()
export class SuggestSearchesQuery {
  constructor(
    private readonly queries: ListingQueries,
    private readonly cache: ListingsCache,
  ) {}

  /**
   * Dictionary entries (models, brands, categories) whose term starts with what was typed,
   * compared without spaces or punctuation ("hi ca" and "hica" both find Hi-Capa). The same
   * for every caller, so cached like the other anonymous reads.
   */
  suggest(text: string): Promise<SearchSuggestionsResponse> {
    const prefix = suggestionPrefix(text);
    if (prefix === null) return Promise.resolve({ items: [] });
    return this.cache.list(`suggest:${prefix}`, async () => ({
      items: (await this.queries.suggestions(prefix, SEARCH_SUGGESTIONS_MAX)).flatMap(
        (row): SearchSuggestion[] => {
          if (row.kind === 'category')
            return isListingCategory(row.expansion)
              ? [{ kind: 'category', label: row.label, search: null, category: row.expansion }]
              : [];
          return [{ kind: row.kind, label: row.label, search: row.label, category: null }];
        },
      ),
    }));
  }
}
