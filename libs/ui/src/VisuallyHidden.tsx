import { type ReactNode } from 'react';

export interface VisuallyHiddenProps {
  children: ReactNode;
}

/** Text for screen readers only. */
export function VisuallyHidden({ children }: VisuallyHiddenProps) {
  return <span className="lo-visually-hidden">{children}</span>;
}
