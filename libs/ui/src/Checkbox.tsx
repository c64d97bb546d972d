import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { cx } from './class-names';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, hint, error, id, className, ref, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? `checkbox-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={cx('lo-checkbox', error ? 'lo-field--invalid' : null, className)}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="lo-checkbox__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      <div className="lo-checkbox__text">
        <label htmlFor={inputId} className="lo-checkbox__label">
          {label}
        </label>
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
    </div>
  );
}
