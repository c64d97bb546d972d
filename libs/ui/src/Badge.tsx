import { type ReactNode } from 'react';
import { cx } from './class-names';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return <span className={cx('lo-badge', `lo-badge--${tone}`, className)}>{children}</span>;
}
