import { cx } from '@loadout/ui';
import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A labelled textarea with the same hint/error wiring and classes as @loadout/ui TextField.
 * Generic: a candidate for @loadout/ui.
 */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  className,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? `textarea-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={cx('lo-field', error ? 'lo-field--invalid' : null, className)}>
      <label htmlFor={inputId} className="lo-field__label">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        className="lo-input account-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="lo-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="lo-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
