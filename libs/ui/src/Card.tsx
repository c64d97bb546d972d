import { type HTMLAttributes } from 'react';
import { cx } from './class-names';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li' | 'aside';
  padding?: 'none' | 'sm' | 'md' | 'lg';
}

export function Card({ as: Tag = 'div', padding = 'md', className, ...rest }: CardProps) {
  return <Tag className={cx('lo-card', `lo-card--pad-${padding}`, className)} {...rest} />;
}
