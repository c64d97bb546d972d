import { Button, Card, Skeleton, buttonClassName } from '@loadout/ui';
import {
  SITE_TAGLINE,
  formatCount,
  useActiveListingCount,
  useFieldCount,
  usePageMeta,
  Link,
} from '@loadout/web';
import { type UseQueryResult } from '@tanstack/react-query';
import { FeaturedTicker } from './FeaturedTicker';

function HomeStat({ query, label }: { query: UseQueryResult<number>; label: string }) {
  if (query.isPending) {
    return (
      <div className="home-stat" role="status" aria-label={`Loading the number of ${label}`}>
        <Skeleton width="4ch" height="2.2rem" shape="rect" />
        <span className="home-stat__label">{label}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="home-stat home-stat--error" role="alert">
        <span>The number of {label} could not be loaded.</span>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <p className="home-stat">
      <span className="home-stat__value">{formatCount(query.data)}+</span>{' '}
      <span className="home-stat__label">{label}</span>
    </p>
  );
}

const AREAS = [
  {
    title: 'Marketplace',
    to: '/marketplace',
    text: 'Replicas, gear and parts from players across Ireland, paid through escrow.',
  },
  {
    title: 'Fields',
    to: '/fields',
    text: 'Playing fields in every county, with game types, limits and opening days.',
  },
  {
    title: 'Tools',
    to: '/fps-calculator',
    text: 'The FPS and joule calculator: check a replica against the Irish 1 joule limit.',
  },
  {
    title: 'Guides',
    to: '/fps-calculator#education',
    text: 'How muzzle energy works and what Irish law says about airsoft replicas.',
  },
] as const;

const STEPS = [
  {
    title: 'Browse and buy',
    text: 'Find the gear you want and pay at checkout, never by bank transfer to a stranger.',
  },
  {
    title: 'Escrow protection',
    text: 'Your payment is held by Loadout, not passed to the seller, while the item is on its way.',
  },
  {
    title: 'Safe delivery',
    text: 'The seller sends the item by tracked post, or you collect it in person.',
  },
  {
    title: 'Confirm and release',
    text: 'When the item arrives as described, you confirm and the money is released to the seller.',
  },
] as const;

export function HomePage() {
  usePageMeta(
    undefined,
    'Buy and sell airsoft gear in Ireland with escrow protection, find playing fields and check your replica against the 1 joule limit.',
  );
  const listings = useActiveListingCount();
  const fields = useFieldCount();
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
          <div className="home-stats">
            <HomeStat query={listings} label="active listings" />
            <HomeStat query={fields} label="playing fields" />
          </div>
        </div>
      </section>

      <FeaturedTicker />

      <section className="lo-container home-areas" aria-labelledby="home-areas-title">
        <h2 id="home-areas-title" className="lo-visually-hidden">
          Explore Loadout
        </h2>
        <ul className="home-areas__grid">
          {AREAS.map((area) => (
            <li key={area.title}>
              <Card as="article" className="home-area">
                <h3>
                  <Link to={area.to} className="home-area__link">
                    {area.title}
                  </Link>
                </h3>
                <p>{area.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="lo-container home-steps" aria-labelledby="home-steps-title">
        <h2 id="home-steps-title">How it works</h2>
        <ol className="home-steps__list">
          {STEPS.map((step, i) => (
            <li key={step.title} className="home-step">
              <span className="home-step__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
