import { type ListingSummaryDto, CATEGORY_LABELS } from '@loadout/contracts';
import { Button, Skeleton, cx } from '@loadout/ui';
import { formatListingPrice, useFeaturedListings, Link } from '@loadout/web';
import { type FocusEvent, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion';

function TickerItems({ items, hidden = false }: { items: ListingSummaryDto[]; hidden?: boolean }) {
  return (
    <ul className="home-ticker__list" aria-hidden={hidden || undefined}>
      {items.map((item) => (
        <li key={item.id} className="home-ticker__item">
          <Link
            to={`/listing/${encodeURIComponent(item.id)}`}
            className="home-ticker__link"
            tabIndex={hidden ? -1 : undefined}
          >
            {/* The title names the link: the photo is decoration here. */}
            {item.thumbUrl ? (
              <img
                className="home-ticker__photo"
                src={item.thumbUrl}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="home-ticker__photo home-ticker__photo--empty" aria-hidden="true" />
            )}
            <span className="home-ticker__text">
              <span className="home-ticker__title">{item.title}</span>
              <span className="home-ticker__category">
                {item.category ? CATEGORY_LABELS[item.category] : 'Other'}
              </span>
              <span className="home-ticker__price">
                {item.priceCents === null ? '' : formatListingPrice(item.priceCents)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Up to 6 featured listings scrolling as a marquee (the list is doubled for a seamless loop; the
 * copy is hidden from assistive technology and the tab order). It pauses on hover, on keyboard
 * focus inside and with the Pause button; under reduced motion it is a static row.
 */
export function FeaturedTicker() {
  const featured = useFeaturedListings();
  const reducedMotion = useReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);

  if (featured.isPending) {
    return (
      <div
        className="lo-container home-featured"
        role="status"
        aria-label="Loading featured listings"
      >
        <div className="home-ticker__skeleton" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} width="16rem" height="4.5rem" shape="rect" />
          ))}
        </div>
      </div>
    );
  }
  if (featured.isError) {
    return (
      <div className="lo-container home-featured home-featured--error">
        <p role="alert">Featured listings could not be loaded.</p>
        <Button size="sm" variant="secondary" onClick={() => void featured.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const items = featured.data;
  if (items.length === 0) return null;

  const paused = hovered || focused || stopped;
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section className="home-featured" aria-labelledby="home-featured-title">
      <div className="lo-container home-featured__head">
        <h2 id="home-featured-title">Featured listings</h2>
        {reducedMotion ? null : (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={stopped}
            onClick={() => setStopped((value) => !value)}
          >
            {stopped ? 'Play' : 'Pause'}
            <span className="lo-visually-hidden"> featured listings</span>
          </Button>
        )}
        <Link to="/marketplace">See all listings</Link>
      </div>
      <div
        className={cx(
          'home-ticker',
          reducedMotion ? 'home-ticker--static' : 'home-ticker--moving',
          paused && 'is-paused',
        )}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
      >
        <div className="home-ticker__rail">
          <TickerItems items={items} />
          {reducedMotion ? null : <TickerItems items={items} hidden />}
        </div>
      </div>
    </section>
  );
}
