import { type ReactNode, useId } from 'react';
import { cx } from './class-names';

export interface RadioOption<V extends string = string> {
  value: V;
  label: ReactNode;
  /** A line under the label (e.g. a price or a place). */
  hint?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string = string> {
  /** The group's legend (its accessible name). */
  legend: ReactNode;
  /** The inputs' `name`; generated when left out. */
  name?: string;
  options: readonly RadioOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** A line under the legend about the whole choice. */
  hint?: ReactNode;
  error?: ReactNode;
  /** Options side by side (wrapping on narrow screens) instead of stacked. */
  inline?: boolean;
  disabled?: boolean;
  className?: string;
}

/** Native radio buttons in a fieldset: arrow keys move between them, the legend names them. */
export function RadioGroup<V extends string = string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  error,
  inline,
  disabled,
  className,
}: RadioGroupProps<V>) {
  const generated = useId();
  const groupName = name ?? `radio-${generated}`;
  const errorId = `${groupName}-error`;
  const hintId = `${groupName}-group-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className={cx(
        'lo-radio-group',
        inline ? 'lo-radio-group--inline' : null,
        error ? 'lo-field--invalid' : null,
        className,
      )}
      aria-describedby={describedBy || undefined}
      disabled={disabled}
    >
      <legend className="lo-field__label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="lo-field__hint lo-radio-group__hint">
          {hint}
        </p>
      ) : null}
      {options.map((option) => {
        const id = `${groupName}-${option.value}`;
        return (
          <div key={option.value} className="lo-radio">
            <input
              id={id}
              type="radio"
              className="lo-radio__input"
              name={groupName}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              aria-describedby={option.hint ? `${id}-hint` : undefined}
              onChange={() => onChange(option.value)}
            />
            <div className="lo-radio__text">
              <label htmlFor={id} className="lo-radio__label">
                {option.label}
              </label>
              {option.hint ? (
                <p id={`${id}-hint`} className="lo-field__hint">
                  {option.hint}
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
      {error ? (
        <p id={errorId} className="lo-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
