import { type CSSProperties, type HTMLAttributes, type Ref } from 'react';
import { cx } from './class-names';

export interface CardGridProps extends HTMLAttributes<HTMLElement> {
  /** `ul`/`ol` for lists of cards (each child an `<li>`), `div` for a page's panels. */
  as?: 'ul' | 'ol' | 'div';
  /** The narrowest a column may get before the grid drops one (any CSS length). */
  minColumnWidth?: string;
  /**
   * `fill` keeps empty columns, so a short last row keeps the card width (result lists);
   * `fit` stretches the cards across the row (a page's few panels).
   */
  tracks?: 'fill' | 'fit';
  /** `start` lets cards of different heights keep their own height. */
  align?: 'stretch' | 'start';
  ref?: Ref<HTMLElement>;
}

/** Responsive columns of cards: as many as fit, never narrower than `minColumnWidth`. */
export function CardGrid({
  as: Tag = 'ul',
  minColumnWidth = '220px',
  tracks = 'fill',
  align = 'stretch',
  className,
  style,
  ref,
  ...rest
}: CardGridProps) {
  return (
    <Tag
      ref={ref as Ref<never>}
      className={cx(
        'lo-card-grid',
        tracks === 'fit' && 'lo-card-grid--fit',
        align === 'start' && 'lo-card-grid--start',
        className,
      )}
      style={{ '--lo-card-grid-min': minColumnWidth, ...style } as CSSProperties}
      {...rest}
    />
  );
}
