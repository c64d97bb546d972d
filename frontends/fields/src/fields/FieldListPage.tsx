import { Button, Card, CardGrid, EmptyState, ErrorPanel, SelectField, Skeleton } from '@loadout/ui';
import {
  FIELDS_PAGE_SIZE,
  isApiError,
  useFieldList,
  usePageMeta,
  useSearchParams,
} from '@loadout/web';
import { FieldCard } from './FieldCard';
import { GAME_TYPE_LABELS } from './field-format';
import { COUNTIES, GAME_TYPES, isCounty, isGameType } from './field.types';

const COUNTY_OPTIONS = [
  { value: '', label: 'All counties' },
  ...COUNTIES.map((c) => ({ value: c, label: c })),
];

const GAME_TYPE_OPTIONS = [
  { value: '', label: 'All game types' },
  ...GAME_TYPES.map((t) => ({ value: t, label: GAME_TYPE_LABELS[t] })),
];

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading playing fields">
      <CardGrid minColumnWidth="280px" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i}>
            <Card className="field-card">
              <Skeleton width="70%" height="1.4rem" />
              <Skeleton width="40%" />
              <Skeleton width="55%" />
              <Skeleton width="100%" height="3rem" shape="rect" />
            </Card>
          </li>
        ))}
      </CardGrid>
    </div>
  );
}

export function FieldListPage() {
  usePageMeta(
    'Field List',
    'Airsoft playing fields across Ireland: CQB, woodland, milsim and urban sites by county, with limits, opening days and rental.',
  );
  const [params, setParams] = useSearchParams();
  const countyParam = params.get('county');
  const gameTypeParam = params.get('gameType');
  const county = isCounty(countyParam) ? countyParam : undefined;
  const gameType = isGameType(gameTypeParam) ? gameTypeParam : undefined;
  const list = useFieldList({ county, gameType });

  const setFilter = (key: 'county' | 'gameType', value: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  };
  const clearFilters = () => setParams(new URLSearchParams());
  const filtered = Boolean(county || gameType);

  const fields = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="lo-container fields-page">
      <header className="fields-head">
        <h1>Airsoft playing fields</h1>
        <p>Find a place to play in Ireland, filtered by county and game type.</p>
      </header>

      <form
        className="fields-filters"
        aria-label="Filter playing fields"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="County"
          options={COUNTY_OPTIONS}
          value={county ?? ''}
          onChange={(event) => setFilter('county', event.target.value)}
        />
        <SelectField
          label="Game type"
          options={GAME_TYPE_OPTIONS}
          value={gameType ?? ''}
          onChange={(event) => setFilter('gameType', event.target.value)}
        />
        {filtered ? (
          <Button variant="ghost" onClick={clearFilters} className="fields-filters__clear">
            Clear filters
          </Button>
        ) : null}
      </form>

      <section aria-labelledby="fields-results-title" className="fields-results">
        <h2 id="fields-results-title" className="lo-visually-hidden">
          Results
        </h2>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && fields.length === 0 ? (
          <ErrorPanel
            title="Playing fields could not be loaded"
            message={list.error.message}
            reference={isApiError(list.error) ? list.error.requestId || undefined : undefined}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : fields.length === 0 ? (
          <EmptyState
            title="No playing fields found"
            description={
              filtered
                ? 'No fields match these filters yet. Try another county or game type.'
                : 'No playing fields have been added yet. Please check back soon.'
            }
            action={
              filtered ? (
                <Button variant="secondary" onClick={clearFilters}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <p className="fields-count" aria-live="polite">
              Showing {fields.length} {fields.length === 1 ? 'field' : 'fields'}
              {list.hasNextPage ? '' : ' (all results)'}
            </p>
            <CardGrid minColumnWidth="280px">
              {fields.map((field) => (
                <li key={field.id}>
                  <FieldCard field={field} />
                </li>
              ))}
            </CardGrid>
            {list.isFetchNextPageError ? (
              <ErrorPanel
                headingLevel={3}
                title="More fields could not be loaded"
                message={list.error?.message}
                onRetry={() => void list.fetchNextPage()}
                retrying={list.isFetchingNextPage}
              />
            ) : list.hasNextPage ? (
              <div className="fields-more">
                <Button
                  variant="secondary"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  Load more
                </Button>
                <span className="lo-visually-hidden">
                  Loads up to {FIELDS_PAGE_SIZE} more fields
                </span>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
