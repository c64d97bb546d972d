import { type ChangeEvent, type RefObject, useCallback, useEffect, useMemo, useState } from 'react';

/** Messages per field; a field without a message is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** One check per field: gets the field's value and all values, returns the message or nothing. */
export type FieldChecks<
  K extends string,
  V extends { [P in K]: unknown } = Record<K, string>,
> = Partial<{
  [P in K]: (value: V[P], values: Readonly<V>) => string | undefined;
}>;

/** Keys of `V` whose values are text (the ones `field()` binds to an input). */
type TextKeys<V> = { [P in keyof V]: V[P] extends string ? P : never }[keyof V] & string;

export interface FormOptions<V, F extends string> {
  /**
   * The fields whose server errors an edit of a value clears (default: the field of the same
   * name). A value can feed several fields, e.g. a category decides which power fields apply.
   */
  clears?: Partial<Record<keyof V, readonly F[]>>;
}

/**
 * The one form approach of the frontends: form state with live validation.
 *
 * - A field shows its client error once it has been left (`onBlur`/`touch`) or a submit was
 *   attempted (`validate`), and follows the typing from then on.
 * - Server errors (from an API answer, `setServerErrors`) show until a value that feeds the
 *   field is edited.
 * - `checks` is one check per field, or one function over all values for rules that span
 *   fields (the sell form's "publish needs photos and a price").
 * - Field names (`F`) may differ from value keys: a form can report on "delivery" although its
 *   values are the `post` and `collection` boxes.
 */
export function useForm<V extends object, F extends string = Extract<keyof V, string>>(
  initial: V | (() => V),
  checks: FieldChecks<Extract<keyof V, string>, V> | ((values: Readonly<V>) => FieldErrors<F>),
  options: FormOptions<V, F> = {},
) {
  const [firstValues] = useState(initial);
  const [values, setValues] = useState(firstValues);
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});

  const clientErrors: FieldErrors<F> = useMemo(() => {
    if (typeof checks === 'function') return checks(values);
    const out: Record<string, string> = {};
    for (const key of Object.keys(checks) as Extract<keyof V, string>[]) {
      const message = checks[key]?.(values[key], values);
      if (message) out[key] = message;
    }
    return out as FieldErrors<F>;
  }, [checks, values]);

  const errors: FieldErrors<F> = useMemo(() => {
    const out: FieldErrors<F> = {};
    for (const key of Object.keys(clientErrors) as F[]) {
      if (touched.has(key) || submitted) out[key] = clientErrors[key];
    }
    return { ...out, ...serverErrors };
  }, [clientErrors, serverErrors, touched, submitted]);

  const { clears } = options;
  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      const cleared = clears?.[name] ?? [name as unknown as F];
      setServerErrors((current) => {
        if (!cleared.some((field) => current[field])) return current;
        const next = { ...current };
        for (const field of cleared) delete next[field];
        return next;
      });
    },
    [clears],
  );

  const touch = useCallback(
    (name: F) =>
      setTouched((current) => (current.has(name) ? current : new Set(current).add(name))),
    [],
  );

  /** Props for a text input, text area or select bound to the value `name`. */
  const field = <K extends TextKeys<V>>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name as unknown as F],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(name, event.target.value as V[K]),
    onBlur: () => touch(name as unknown as F),
  });

  /** Back to the first render's values, or to `next`; nothing touched, no errors. */
  const reset = useCallback(
    (next: V = firstValues) => {
      setValues(next);
      setTouched(new Set());
      setSubmitted(false);
      setServerErrors({});
    },
    [firstValues],
  );

  return {
    values,
    /** The errors to show now. */
    errors,
    /** Every client error, shown or not. */
    clientErrors,
    serverErrors,
    submitted,
    field,
    setValue,
    touch,
    setServerErrors,
    /** Marks the form as submitted (all errors show); true when the client checks pass. */
    validate: () => {
      setSubmitted(true);
      return Object.keys(clientErrors).length === 0;
    },
    reset,
  };
}

type ErrorsByName = Partial<Record<string, string | undefined>>;

/**
 * Focuses the first of `names` (in order) that has an error, looked up by `name` in `form`. A
 * radio group (several inputs of one name) gets the focus on its checked choice, or its first.
 */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  names: readonly string[],
  errors: ErrorsByName,
): boolean {
  const first = names.find((name) => errors[name]);
  if (!form || !first) return false;
  const found = form.elements.namedItem(first);
  const element =
    typeof RadioNodeList !== 'undefined' && found instanceof RadioNodeList
      ? (Array.from(found).find((e) => e instanceof HTMLInputElement && e.checked) ?? found[0])
      : found;
  if (element instanceof HTMLElement) {
    element.focus();
    return true;
  }
  return false;
}

/**
 * `focusFirstInvalid` for errors that come with an API answer. The fields are disabled while a
 * request runs, and a disabled field cannot take the focus: `focusLater(names, errors)` focuses
 * after the render in which `ready` (usually "not pending") is true.
 */
export function useFocusFirstInvalidLater(
  formRef: RefObject<HTMLFormElement | null>,
  ready: boolean,
) {
  const [wanted, setWanted] = useState<{ names: readonly string[]; errors: ErrorsByName } | null>(
    null,
  );
  useEffect(() => {
    if (!ready || !wanted) return;
    focusFirstInvalid(formRef.current, wanted.names, wanted.errors);
    setWanted(null);
  }, [ready, wanted, formRef]);
  return useCallback(
    (names: readonly string[], errors: ErrorsByName) => setWanted({ names, errors }),
    [],
  );
}
