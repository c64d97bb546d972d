import { cx } from './class-names';

export interface SpinnerProps {
  /** Accessible name of the status region, e.g. "Loading Field List". */
  label?: string;
  /** Show the label under the spinner as well. */
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({
  label = 'Loading',
  showLabel = false,
  size = 'md',
  className,
}: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={cx('lo-spinner-wrap', className)}>
      <span className={cx('lo-spinner', `lo-spinner--${size}`)} aria-hidden="true" />
      {showLabel ? (
        <span className="lo-spinner-label" aria-hidden="true">
          {label}…
        </span>
      ) : null}
    </div>
  );
}
