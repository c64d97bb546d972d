import { type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './class-names';

export interface ErrorPanelProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Shown for support, e.g. the API error's requestId. */
  reference?: string;
  onRetry?: () => void;
  retryLabel?: string;
  retrying?: boolean;
  /** Extra actions after the retry button. */
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}

/** An error for one area of a page, announced to screen readers, with an optional retry. */
export function ErrorPanel({
  title = "We couldn't load this",
  message,
  reference,
  onRetry,
  retryLabel = 'Try again',
  retrying = false,
  actions,
  headingLevel = 2,
  className,
}: ErrorPanelProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div role="alert" className={cx('lo-error-panel', className)}>
      <Heading className="lo-error-panel__title">{title}</Heading>
      {message ? <p className="lo-error-panel__text">{message}</p> : null}
      {reference ? <p className="lo-error-panel__ref">Reference: {reference}</p> : null}
      {onRetry || actions ? (
        <div className="lo-error-panel__actions">
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry} loading={retrying}>
              {retryLabel}
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
