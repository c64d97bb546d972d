import { cx } from '@loadout/ui';
import { type ReactNode, useId } from 'react';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  hint?: ReactNode;
}

export interface RadioGroupProps<V extends string> {
  /** The group's legend (its accessible name). */
  legend: ReactNode;
  name: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/**
 * Native radio buttons in a fieldset (arrow keys move between options). Generic: a candidate
 * for @loadout/ui.
 */
export function RadioGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  disabled,
  className,
}: RadioGroupProps<V>) {
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  return (
    <fieldset
      className={cx('account-radio-group', className)}
      aria-describedby={hint ? hintId : undefined}
      disabled={disabled}
    >
      <legend className="lo-field__label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="lo-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="account-radio-group__options">
        {options.map((option) => {
          const id = `${baseId}-${option.value}`;
          return (
            <div key={option.value} className="lo-checkbox account-radio">
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="lo-checkbox__input"
                aria-describedby={option.hint ? `${id}-hint` : undefined}
              />
              <div className="lo-checkbox__text">
                <label htmlFor={id} className="lo-checkbox__label">
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
      </div>
    </fieldset>
  );
}
