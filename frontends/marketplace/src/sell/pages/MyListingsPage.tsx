import '../sell.css';
import { type ListingStatus } from '@loadout/contracts';
import {
  Button,
  buttonClassName,
  EmptyState,
  ErrorPanel,
  Spinner,
  VisuallyHidden,
} from '@loadout/ui';
import {
  fetchMyListings,
  formatListingPrice,
  isApiError,
  listingKeys,
  type MyListingDto,
  usePageMeta,
  Link,
  useSearchParams,
} from '@loadout/web';
import { useInfiniteQuery } from '@tanstack/react-query';
import { SignedInOnly } from './SignedInOnly';
import { StatusBadge } from './StatusBadge';

type Filter = ListingStatus | 'all';

const FILTERS: readonly { id: Filter; label: string; empty: string }[] = [
  { id: 'all', label: 'All', empty: 'You have no listings yet.' },
  { id: 'draft', label: 'Drafts', empty: 'No drafts.' },
  { id: 'active', label: 'Active', empty: 'No active listings.' },
  { id: 'reserved', label: 'Reserved', empty: 'Nothing reserved right now.' },
  { id: 'sold', label: 'Sold', empty: 'Nothing sold yet.' },
  { id: 'removed', label: 'Withdrawn / removed', empty: 'No withdrawn or removed listings.' },
];

const isFilter = (value: string | null): value is Filter =>
  FILTERS.some((filter) => filter.id === value);

/** `/sell/listings`: the caller's listings by status, with links to edit and view them. */
export function MyListingsPage() {
  usePageMeta('My listings', 'Your drafts, active, reserved and sold listings on Loadout.');
  return (
    <div className="lo-container sell-page">
      <SignedInOnly purpose="see your listings">
        <MyListings />
      </SignedInOnly>
    </div>
  );
}

function MyListings() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: Filter = isFilter(requested) ? requested : 'all';
  const current = FILTERS.find((f) => f.id === filter) ?? FILTERS[0]!;

  const query = useInfiniteQuery({
    queryKey: listingKeys.mine(filter),
    queryFn: ({ pageParam }) =>
      fetchMyListings({ status: filter === 'all' ? undefined : filter, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

  const choose = (id: Filter) =>
    setParams(id === 'all' ? {} : { status: id }, { replace: true, preventScrollReset: true });

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <>
      <header className="sell-page__header">
        <h1 className="sell-page__title">My listings</h1>
        <Link to="/sell" className={buttonClassName({ size: 'sm' })}>
          Sell an item
        </Link>
      </header>

      <div role="group" aria-label="Show listings" className="sell-filters">
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className={buttonClassName({
              variant: f.id === filter ? 'primary' : 'ghost',
              size: 'sm',
            })}
            aria-pressed={f.id === filter}
            onClick={() => choose(f.id)}
          >
            {f.label}
          </button>
        ))}
      </div>

      {query.isPending ? (
        <Spinner label="Loading your listings" showLabel />
      ) : query.isError ? (
        <ErrorPanel
          title="We couldn’t load your listings"
          message={query.error.message}
          reference={isApiError(query.error) ? query.error.requestId : undefined}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          title={current.empty}
          description="Photos, a fair price and an honest description sell gear fastest."
          action={
            <Link to="/sell" className={buttonClassName()}>
              Sell an item
            </Link>
          }
        />
      ) : (
        <>
          <p className="sell-muted" aria-live="polite">
            {total === 1 ? '1 listing' : `${total} listings`}
          </p>
          <ul className="sell-mine" aria-label={`${current.label} listings`}>
            {items.map((item) => (
              <MyListingRow key={item.id} item={item} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="sell-mine__more">
              <Button
                variant="secondary"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          ) : null}
          {query.isFetchNextPageError ? (
            <p role="alert" className="lo-field__error">
              More listings could not be loaded. Please try again.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

function MyListingRow({ item }: { item: MyListingDto }) {
  const editable = item.status === 'draft' || item.status === 'active';
  const viewable = item.status !== 'draft' && item.status !== 'removed';
  return (
    <li className="sell-mine__item">
      {item.thumbUrl ? (
        <img src={item.thumbUrl} alt="" className="sell-mine__thumb" />
      ) : (
        <span className="sell-mine__thumb sell-mine__thumb--empty" aria-hidden="true" />
      )}
      <div className="sell-mine__body">
        <h2 className="sell-mine__title">{item.title || 'Untitled draft'}</h2>
        <p className="sell-mine__meta">
          <span>
            {item.priceCents === null ? 'No price yet' : formatListingPrice(item.priceCents)}
          </span>
          <StatusBadge status={item.status} removalReason={item.removalReason} />
        </p>
        {item.status === 'removed' && item.removalReason ? (
          <p className="sell-muted">Reason: {item.removalReason}</p>
        ) : null}
        <p className="sell-mine__links">
          {editable ? (
            <Link to={`/sell/${encodeURIComponent(item.id)}`}>
              Edit<VisuallyHidden> {item.title}</VisuallyHidden>
            </Link>
          ) : null}
          {viewable ? (
            <Link to={`/listing/${encodeURIComponent(item.id)}`}>
              View<VisuallyHidden> {item.title}</VisuallyHidden>
            </Link>
          ) : null}
        </p>
      </div>
    </li>
  );
}
