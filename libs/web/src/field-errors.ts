import { isApiError } from './api-client';

/** Messages per form field (the shape of `useForm().setServerErrors` in `@loadout/ui`). */
export type ServerFieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The field messages of a refused request, for `useForm().setServerErrors`. The services answer
 * in two shapes: validation `details` `[{ field, messages }]` (the DTO checks, `@loadout/http`),
 * and a domain refusal naming one field, `details: { field }` with the sentence in `message`
 * (`ORDERS.OFFER_COUNTER_INVALID`). `fields` maps the API's field names (`amountCents`,
 * `wanted.amountCents`) to the form's; other fields are left out, the first message wins.
 * `codes` names the field of a refusal that carries none in its details
 * (`DISPUTES.INVALID_AMOUNT`): its `message` goes there.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: Readonly<Record<string, F>>,
  codes: Readonly<Record<string, F>> = {},
): ServerFieldErrors<F> {
  const out: ServerFieldErrors<F> = {};
  if (!isApiError(error)) return out;
  const put = (field: unknown, message: unknown) => {
    if (typeof field !== 'string' || typeof message !== 'string' || !message.trim()) return;
    const name = Object.prototype.hasOwnProperty.call(fields, field) ? fields[field] : undefined;
    if (name && !out[name]) out[name] = message;
  };
  const { details } = error;
  if (Array.isArray(details)) {
    for (const item of details as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const { field, messages } = item as { field?: unknown; messages?: unknown };
      put(field, Array.isArray(messages) ? messages[0] : undefined);
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
