import { LISTING_LIMITS } from '@loadout/contracts';
import { Button, EmptyState, SelectField, TextField, buttonClassName } from '@loadout/ui';
import { usePageMeta, Link, useLocation, useSearchParams } from '@loadout/web';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useListings } from '../api/listings.hooks';
import { countListings } from '../listings/listing-format';
import { ListingResults } from '../listings/ListingResults';
import { SearchFilters } from './SearchFilters';
import {
  FILTER_KEYS,
  effectiveSort,
  hasFilters,
  parseSearchParams,
  toListingFilters,
  withParam,
} from './search-params';

export const RANKING_PATH = '/marketplace/how-results-are-ranked';

const SORT_LABELS = {
  relevance: 'Best match',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
} as const;

/** `/marketplace` and `/search` (which focuses the search box): results for the URL's filters. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const state = parseSearchParams(params);
  const filters = toListingFilters(state);
  const list = useListings(filters);
  const inputRef = useRef<HTMLInputElement>(null);
  const isSearchRoute = pathname === '/search';

  const [text, setText] = useState(state.search);
  const [seenSearch, setSeenSearch] = useState(state.search);
  if (seenSearch !== state.search) {
    setSeenSearch(state.search);
    setText(state.search);
  }

  useEffect(() => {
    if (isSearchRoute) inputRef.current?.focus();
  }, [isSearchRoute]);

  usePageMeta(
    state.search ? `Search: ${state.search}` : 'Marketplace',
    state.search
      ? `Airsoft listings in Ireland matching "${state.search}": replicas, gear and parts with escrow protection.`
      : 'Browse airsoft replicas, gear and parts for sale across Ireland, with escrow protection on every purchase.',
  );

  const update = (next: URLSearchParams) => setParams(next);
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update(withParam(params, 'search', text));
  };
  const setFilter = (key: string, value: string) => update(withParam(params, key, value));
  const setPrice = (min: string, max: string) =>
    update(withParam(withParam(params, 'minPrice', min), 'maxPrice', max));
  const clearFilters = () => {
    const next = new URLSearchParams(params);
    for (const key of FILTER_KEYS) next.delete(key);
    update(next);
  };
  const clearSearch = () => update(withParam(params, 'search', undefined));

  const sort = effectiveSort(state);
  const sortOptions = (
    state.search
      ? (['relevance', 'newest', 'price_asc', 'price_desc'] as const)
      : (['newest', 'price_asc', 'price_desc'] as const)
  ).map((value) => ({ value, label: SORT_LABELS[value] }));
  const setSort = (value: string) => {
    const byDefault = value === (state.search ? 'relevance' : 'newest');
    setFilter('sort', byDefault ? '' : value);
  };

  const total = list.data?.pages[0]?.total;
  const filtered = hasFilters(state);

  return (
    <div className="lo-container mp-page">
      <header className="mp-head">
        <h1>{isSearchRoute ? 'Search' : 'Marketplace'}</h1>
        <p>Airsoft replicas, gear and parts from players across Ireland, paid through escrow.</p>
      </header>

      <form role="search" aria-label="Marketplace search" className="mp-search" onSubmit={onSearch}>
        <TextField
          ref={inputRef}
          label="Search the marketplace"
          type="search"
          name="search"
          placeholder="e.g. M4, Glock, plate carrier"
          autoComplete="off"
          maxLength={LISTING_LIMITS.searchMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
          suffix={<Button type="submit">Search</Button>}
        />
      </form>

      <div className="mp-layout">
        <SearchFilters state={state} onChange={setFilter} onPriceChange={setPrice} />

        <section className="mp-results" aria-labelledby="mp-results-title">
          <h2 id="mp-results-title" className="lo-visually-hidden">
            Results
          </h2>
          <div className="mp-results__bar">
            <p className="mp-count" aria-live="polite" aria-atomic="true">
              {total === undefined
                ? ''
                : `${countListings(total)}${state.search ? ` for “${state.search}”` : ''}`}
            </p>
            <SelectField
              label="Sort by"
              className="mp-sort"
              options={sortOptions}
              value={sort}
              onChange={(event) => setSort(event.target.value)}
            />
          </div>
          <p className="mp-ranking-link">
            <Link to={RANKING_PATH}>How results are ranked</Link>
          </p>
          <ListingResults
            query={list}
            loadingLabel="Loading listings"
            errorTitle="Listings could not be loaded"
            empty={
              state.search || filtered ? (
                <EmptyState
                  title={
                    state.search
                      ? `No listings match “${state.search}”`
                      : 'No listings match these filters'
                  }
                  description="Try fewer filters, another county or a different spelling."
                  action={
                    filtered ? (
                      <Button variant="secondary" onClick={clearFilters}>
                        Clear filters
                      </Button>
                    ) : (
                      <Button variant="secondary" onClick={clearSearch}>
                        Clear search
                      </Button>
                    )
                  }
                />
              ) : (
                <EmptyState
                  title="No listings yet"
                  description="Nothing is for sale right now. Have gear you no longer use?"
                  action={
                    <Link to="/sell" className={buttonClassName({ variant: 'secondary' })}>
                      Sell an item
                    </Link>
                  }
                />
              )
            }
          />
        </section>
      </div>
    </div>
  );
}
