import { type ButtonHTMLAttributes, type Ref } from 'react';
import { cx } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The button classes, for links that should look like buttons. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
}: ButtonStyleOptions = {}): string {
  return cx(
    'lo-button',
    `lo-button--${variant}`,
    `lo-button--${size}`,
    block && 'lo-button--block',
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(buttonClassName({ variant, size, block }), loading && 'is-loading', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="lo-button__spinner" aria-hidden="true" /> : null}
      <span className="lo-button__label">{children}</span>
    </button>
  );
}
