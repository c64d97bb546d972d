import { isApiError } from './api-client';

/** Messages per form field (the shape of `useForm().setServerErrors` in `@loadout/ui`). */
export type ServerFieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The API's field name (`amountCents`, `wanted.amountCents`, `limits.aegJoules`) → the form's
 * field: a table, or a function for forms whose API names follow a rule (a prefix, a nested
 * path); `undefined` for a field the form does not show.
 */
export type ServerFieldMap<F extends string> =
  Readonly<Record<string, F>> | ((apiField: string) => F | undefined);

/**
 * The field messages of a refused request, for `useForm().setServerErrors`. The services answer
 * in two shapes: validation `details` `[{ field, messages }]` (the DTO checks, `@loadout/http`;
 * an item with a single `message` is read too), and a domain refusal naming one field,
 * `details: { field }` with the sentence in `message` (`ORDERS.OFFER_COUNTER_INVALID`).
 * `fields` maps the API's field names to the form's (a table or a function); other fields are
 * left out, the first message wins. `codes` names the field of a refusal that carries none in
 * its details (`DISPUTES.INVALID_AMOUNT`, `IDENTITY.EMAIL_TAKEN`): its `message` goes there.
 * Every form that shows a 400's field messages uses this one reading (account, admin, the sell
 * form, orders' and offers' forms).
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: ServerFieldMap<F>,
  codes: Readonly<Record<string, F>> = {},
): ServerFieldErrors<F> {
  const out: ServerFieldErrors<F> = {};
  if (!isApiError(error)) return out;
  const put = (field: unknown, message: unknown) => {
    if (typeof field !== 'string' || typeof message !== 'string' || !message.trim()) return;
    const name =
      typeof fields === 'function'
        ? fields(field)
        : Object.prototype.hasOwnProperty.call(fields, field)
          ? fields[field]
          : undefined;
    if (name && !out[name]) out[name] = message;
  };
  const { details } = error;
  if (Array.isArray(details)) {
    for (const item of details as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const { field, messages, message } = item as Record<string, unknown>;
      put(field, Array.isArray(messages) ? messages[0] : message);
    }
  } else if (typeof details === 'object' && details !== null) {
    put((details as { field?: unknown }).field, error.message);
  }
  const byCode = Object.prototype.hasOwnProperty.call(codes, error.code)
    ? codes[error.code]
    : undefined;
  if (byCode && !out[byCode] && error.message.trim()) out[byCode] = error.message;
  return out;
}
