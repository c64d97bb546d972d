import { type ChangeEvent, useCallback, useMemo, useState } from 'react';

export type FieldChecks<K extends string> = Partial<
  Record<K, (value: string, values: Readonly<Record<K, string>>) => string | undefined>
>;

/**
 * Form state with live validation: a field shows its error once it has been left (blur) or a
 * submit was attempted, and updates while typing from then on. Server errors (from an API
 * answer) show until the field is edited.
 */
export function useForm<K extends string>(initial: Record<K, string>, checks: FieldChecks<K>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});

  const clientErrors = useMemo(() => {
    const out: Partial<Record<K, string>> = {};
    for (const key of Object.keys(checks) as K[]) {
      const message = checks[key]?.(values[key], values);
      if (message) out[key] = message;
    }
    return out;
  }, [checks, values]);

  const errors = useMemo(() => {
    const out: Partial<Record<K, string>> = {};
    for (const key of Object.keys(values) as K[]) {
      const shown = (touched[key] || submitted) && clientErrors[key];
      const message = shown || serverErrors[key];
      if (message) out[key] = message;
    }
    return out;
  }, [values, touched, submitted, clientErrors, serverErrors]);

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(name, event.target.value),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  // The first render's values: `reset()` without arguments goes back to them.
  const [firstValues] = useState(initial);
  const reset = useCallback(
    (next: Record<K, string> = firstValues) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
    [firstValues],
  );

  return {
    values,
    errors,
    clientErrors,
    field,
    setValue,
    setServerErrors,
    /** Marks the form as submitted (all errors show); true when the client checks pass. */
    validate: () => {
      setSubmitted(true);
      return Object.keys(clientErrors).length === 0;
    },
    reset,
  };
}

/** Focuses the first of `names` (in order) that has an error, looked up by `name` in `form`. */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  names: readonly string[],
  errors: Partial<Record<string, string | undefined>>,
): boolean {
  const first = names.find((name) => errors[name]);
  if (!form || !first) return false;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) {
    element.focus();
    return true;
  }
  return false;
}
