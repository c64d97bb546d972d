import { cx } from '@loadout/ui';
import { type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldChrome {
  /** The control's id; the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

const describedBy = (id: string, hint: ReactNode, error: ReactNode) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function Messages({ id, hint, error }: Pick<FieldChrome, 'id' | 'hint' | 'error'>) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="lo-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="lo-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export interface OptionGroup {
  label: string;
  options: readonly { value: string; label: string }[];
}

export interface GroupedSelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'>, FieldChrome {
  placeholder: string;
  groups: readonly OptionGroup[];
}

/** A labelled native select with option groups (SelectField has none). */
export function GroupedSelectField({
  id,
  label,
  hint,
  error,
  placeholder,
  groups,
  className,
  ...rest
}: GroupedSelectFieldProps) {
  return (
    <div className={cx('lo-field', error ? 'lo-field--invalid' : null, className)}>
      <label htmlFor={id} className="lo-field__label">
        {label}
      </label>
      <select
        id={id}
        className="lo-input lo-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}
