/** The kinds of failure a caller can act on; each maps to one HTTP status. */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unsupported_media_type'
  /** Well-formed but cannot be applied as sent (e.g. an Idempotency-Key reused with another body). */
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/**
 * A failure with a stable string code (e.g. `FIELDS.NOT_FOUND`) and a message a user can read.
 * Codes survive process boundaries; `instanceof` does not, so callers match on `code`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: ErrorKind,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }
}

export const validationError = (code: string, message: string, details?: unknown) =>
  new AppError(code, message, 'validation', details);
export const notFoundError = (code: string, message: string) =>
  new AppError(code, message, 'not_found');
export const conflictError = (code: string, message: string, details?: unknown) =>
  new AppError(code, message, 'conflict', details);
export const forbiddenError = (code: string, message: string) =>
  new AppError(code, message, 'forbidden');
/** 401: the caller is not signed in where they must be (the auth guard, socket sends). */
export const signInRequiredError = () =>
  new AppError('AUTH.REQUIRED', 'Please sign in to continue.', 'unauthenticated');
/** 429: the caller is over a rate limit (the gateway's per client, messaging's socket sends). */
export const rateLimitedError = () =>
  new AppError(
    'COMMON.RATE_LIMITED',
    'Too many requests. Please wait a moment and try again.',
    'rate_limited',
  );
