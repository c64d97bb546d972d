import { type ReactNode } from 'react';
import { cx } from './class-names';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}

export function EmptyState({
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={cx('lo-empty', className)}>
      <Heading className="lo-empty__title">{title}</Heading>
      {description ? <p className="lo-empty__text">{description}</p> : null}
      {action ? <div className="lo-empty__actions">{action}</div> : null}
    </div>
  );
}
