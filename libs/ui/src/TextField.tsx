import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './class-names';

interface FieldChrome {
  label: ReactNode;
  /** Visually hide the label (it stays the accessible name). */
  labelHidden?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

function FieldMessages({
  hint,
  error,
  hintId,
  errorId,
}: Pick<FieldChrome, 'hint' | 'error'> & { hintId: string; errorId: string }) {
  return (
    <>
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
    </>
  );
}

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'>, FieldChrome {
  ref?: Ref<HTMLInputElement>;
  /** Content before the input inside the same row, e.g. a currency sign (€ 45.50). */
  prefix?: ReactNode;
  /** Content after the input inside the same row, e.g. a unit or a button. */
  suffix?: ReactNode;
}

/** A labelled input with an optional hint and error, both wired through aria-describedby. */
export function TextField({
  label,
  labelHidden,
  hint,
  error,
  id,
  className,
  prefix,
  suffix,
  ref,
  'aria-describedby': extraDescribedBy,
  ...rest
}: TextFieldProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={cx('lo-field', error ? 'lo-field--invalid' : null, className)}>
      <label
        htmlFor={inputId}
        className={cx('lo-field__label', labelHidden && 'lo-visually-hidden')}
      >
        {label}
      </label>
      <div className="lo-field__row">
        {prefix}
        <input
          ref={ref}
          id={inputId}
          className="lo-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(!!hint && hintId, !!error && errorId, extraDescribedBy)}
          {...rest}
        />
        {suffix}
      </div>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>, FieldChrome {
  options: readonly SelectOption[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select with the same hint/error wiring as TextField. */
export function SelectField({
  label,
  labelHidden,
  hint,
  error,
  id,
  className,
  options,
  ref,
  ...rest
}: SelectFieldProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={cx('lo-field', error ? 'lo-field--invalid' : null, className)}>
      <label
        htmlFor={inputId}
        className={cx('lo-field__label', labelHidden && 'lo-visually-hidden')}
      >
        {label}
      </label>
      <select
        ref={ref}
        id={inputId}
        className="lo-input lo-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!error && errorId)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

export interface TextAreaFieldProps
  extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldChrome {
  ref?: Ref<HTMLTextAreaElement>;
  /** `tall` for long texts such as a listing's description. */
  size?: 'md' | 'tall';
}

/** A labelled textarea (grows vertically) with the same hint/error wiring as TextField. */
export function TextAreaField({
  label,
  labelHidden,
  hint,
  error,
  id,
  className,
  size = 'md',
  ref,
  'aria-describedby': extraDescribedBy,
  ...rest
}: TextAreaFieldProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={cx('lo-field', error ? 'lo-field--invalid' : null, className)}>
      <label
        htmlFor={inputId}
        className={cx('lo-field__label', labelHidden && 'lo-visually-hidden')}
      >
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        className={cx('lo-input', 'lo-textarea', size === 'tall' && 'lo-textarea--tall')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!error && errorId, extraDescribedBy)}
        {...rest}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
