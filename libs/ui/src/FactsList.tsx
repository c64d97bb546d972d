import { type ReactNode } from 'react';
import { cx } from './class-names';

export interface Fact {
  /** Stable key; defaults to the term when it is a string. */
  key?: string;
  term: ReactNode;
  value: ReactNode;
  /** Emphasised row, e.g. a total. */
  strong?: boolean;
}

export interface FactsListProps {
  facts: readonly (Fact | null | false)[];
  /** `table`: values right-aligned (amounts); `plain`: values beside their terms. */
  layout?: 'plain' | 'table';
  className?: string;
  'aria-label'?: string;
}

/** A definition list of term/value rows (facts of a listing, the lines of a price). */
export function FactsList({
  facts,
  layout = 'plain',
  className,
  'aria-label': ariaLabel,
}: FactsListProps) {
  return (
    <dl className={cx('lo-facts', `lo-facts--${layout}`, className)} aria-label={ariaLabel}>
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact, i) => (
          <div
            key={fact.key ?? (typeof fact.term === 'string' ? fact.term : i)}
            className={cx('lo-facts__row', fact.strong && 'lo-facts__row--strong')}
          >
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
    </dl>
  );
}
