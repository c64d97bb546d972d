import { Button, Card, Skeleton, buttonClassName } from '@loadout/ui';
import { apiFetch, SITE_TAGLINE, usePageMeta } from '@loadout/web';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

interface FieldStats {
  count: number;
}

export const FIELD_STATS_QUERY_KEY = ['fields', 'stats'] as const;

function FieldCount() {
  const stats = useQuery({
    queryKey: FIELD_STATS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<FieldStats>('/api/v1/fields/stats', { signal }),
  });

  if (stats.isPending) {
    return (
      <div className="home-stat" role="status" aria-label="Loading the number of playing fields">
        <Skeleton width="4ch" height="2.2rem" shape="rect" />
        <span className="home-stat__label">playing fields</span>
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div className="home-stat home-stat--error" role="alert">
        <span>The number of playing fields could not be loaded.</span>
        <Button size="sm" variant="secondary" onClick={() => void stats.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <p className="home-stat">
      <span className="home-stat__value">{stats.data.count}+</span>{' '}
      <span className="home-stat__label">playing fields</span>
    </p>
  );
}

export function HomePage() {
  usePageMeta(
    undefined,
    'Buy and sell airsoft gear in Ireland with escrow protection, find playing fields and check your replica against the 1 joule limit.',
  );
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="lo-container">
          <h1 id="home-title">{SITE_TAGLINE}</h1>
          <p className="home-hero__lead">
            Buy and sell airsoft gear with your payment held in escrow until the item arrives. Find
            a place to play near you and check your replica against the Irish 1 joule limit.
          </p>
          <div className="shell-actions">
            <Link to="/marketplace" className={buttonClassName({ size: 'lg' })}>
              Start browsing
            </Link>
            <Link to="/fields" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              Find a place to play
            </Link>
          </div>
          <FieldCount />
        </div>
      </section>
      <section className="lo-container home-points" aria-label="Why Loadout">
        <Card as="article">
          <h2>Escrow protection</h2>
          <p>
            Your money is held until you confirm delivery, so you only pay for gear that arrives.
          </p>
        </Card>
        <Card as="article">
          <h2>Legal in Ireland</h2>
          <p>Every replica listing states its muzzle energy; anything over 1 joule is refused.</p>
        </Card>
        <Card as="article">
          <h2>Made for players</h2>
          <p>Fields across the 26 counties, game types, limits and opening days in one place.</p>
        </Card>
      </section>
    </div>
  );
}
