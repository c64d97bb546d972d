import { isApiError, serverFieldErrors } from '@loadout/web';

/** Error codes of the identity service the pages react to (docs/adr/0006). */
export const IDENTITY_CODES = {
  interactionExpired: 'IDENTITY.INTERACTION_EXPIRED',
  invalidCredentials: 'IDENTITY.INVALID_CREDENTIALS',
  emailNotVerified: 'IDENTITY.EMAIL_NOT_VERIFIED',
  alreadyVerified: 'IDENTITY.ALREADY_VERIFIED',
  emailTaken: 'IDENTITY.EMAIL_TAKEN',
  usernameTaken: 'IDENTITY.USERNAME_TAKEN',
  agreementRequired: 'IDENTITY.AGREEMENT_REQUIRED',
  under18: 'IDENTITY.UNDER_18',
  weakPassword: 'IDENTITY.WEAK_PASSWORD',
  tokenInvalid: 'IDENTITY.TOKEN_INVALID',
} as const;

/** Which form field an error code belongs to, when it names one. */
const FIELD_BY_CODE: Record<string, string> = {
  [IDENTITY_CODES.emailTaken]: 'email',
  [IDENTITY_CODES.usernameTaken]: 'username',
  [IDENTITY_CODES.weakPassword]: 'password',
  [IDENTITY_CODES.under18]: 'dateOfBirth',
  [IDENTITY_CODES.agreementRequired]: 'acceptTerms',
};

export function errorCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}

/** The server's message, or `fallback` when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/**
 * Field messages from an API error, by `@loadout/web`'s `serverFieldErrors`: validation
 * `details` (`[{ field, messages }]`, or `{ field }`; a nested name such as `address.line1`
 * counts for its first part) and codes that name a field (409 email/username taken, weak
 * password...). Only fields in `known` are returned; the first message per field wins, each
 * starting with a capital.
 */
export function fieldErrorsFrom(error: unknown, known: readonly string[]): Record<string, string> {
  const byName = (field: string) => {
    const name = field.split('.')[0] ?? field;
    return known.includes(name) ? name : undefined;
  };
  const codes = Object.fromEntries(
    Object.entries(FIELD_BY_CODE).filter(([, field]) => known.includes(field)),
  );
  const found: Record<string, string | undefined> = serverFieldErrors(error, byName, codes);
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(found)) if (message) out[field] = sentence(message);
  return out;
}
