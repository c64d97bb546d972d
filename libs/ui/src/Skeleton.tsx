import { type CSSProperties } from 'react';
import { cx } from './class-names';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  shape?: 'text' | 'rect' | 'circle';
  className?: string;
}

/** A placeholder block; decorative, so the surrounding region should announce the loading state. */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx('lo-skeleton', `lo-skeleton--${shape}`, className)}
      style={{ width, height }}
    />
  );
}
