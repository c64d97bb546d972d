import { type ListingListResponse, type ListingSummaryDto } from '@loadout/contracts';
import { Button, CardGrid, ErrorPanel, Skeleton } from '@loadout/ui';
import { isApiError } from '@loadout/web';
import { type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { ListingCard } from './ListingCard';

export function ResultsSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-label={label}>
      <CardGrid aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="mp-card mp-card--skeleton">
            <Skeleton shape="rect" className="mp-thumb" />
            <div className="mp-card__body">
              <Skeleton width="80%" height="1.2rem" />
              <Skeleton width="35%" />
              <Skeleton width="60%" />
            </div>
          </li>
        ))}
      </CardGrid>
    </div>
  );
}

type ListingPages = UseInfiniteQueryResult<InfiniteData<ListingListResponse>, Error>;

export const listingsOf = (query: ListingPages): ListingSummaryDto[] =>
  query.data?.pages.flatMap((page) => page.items) ?? [];

export interface ListingResultsProps {
  query: ListingPages;
  /** Accessible name of the loading state, e.g. "Loading listings". */
  loadingLabel: string;
  errorTitle: string;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  /** Shown above the grid, e.g. the result count. */
  header?: ReactNode;
  headingLevel?: 2 | 3;
}

/**
 * A grid of listing cards with skeleton, error (Retry), empty state and "Load more". After more
 * results arrive, focus moves to the first new card so keyboard users carry on from there.
 */
export function ListingResults({
  query,
  loadingLabel,
  errorTitle,
  empty,
  header,
  headingLevel = 3,
}: ListingResultsProps) {
  const gridRef = useRef<HTMLElement>(null);
  const focusFrom = useRef<number | null>(null);
  const listings = listingsOf(query);
  const count = listings.length;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    gridRef.current?.querySelectorAll<HTMLElement>('.mp-card__link')[from]?.focus();
  }, [count]);

  if (query.isPending) return <ResultsSkeleton label={loadingLabel} />;
  if (query.isError && listings.length === 0) {
    return (
      <ErrorPanel
        title={errorTitle}
        message={query.error.message}
        reference={isApiError(query.error) ? query.error.requestId || undefined : undefined}
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
        retrying={query.isFetching}
      />
    );
  }
  if (listings.length === 0) {
    return (
      <>
        {header}
        {empty}
      </>
    );
  }

  const loadMore = () => {
    focusFrom.current = count;
    void query.fetchNextPage();
  };

  return (
    <>
      {header}
      <CardGrid ref={gridRef}>
        {listings.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} headingLevel={headingLevel} />
          </li>
        ))}
      </CardGrid>
      {query.isFetchNextPageError ? (
        <ErrorPanel
          headingLevel={3}
          title="More listings could not be loaded"
          message={query.error?.message}
          onRetry={loadMore}
          retryLabel="Retry"
          retrying={query.isFetchingNextPage}
        />
      ) : query.hasNextPage ? (
        <div className="mp-more">
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={loadMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}
