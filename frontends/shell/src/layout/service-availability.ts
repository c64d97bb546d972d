import { isApiError } from '@loadout/web';

/**
 * True when an answer says the service (or this endpoint) is not part of this deployment:
 * 404, 501 or 503. Polling stops then (no console noise, no badge) until the next page load.
 */
export function isServiceMissing(error: unknown): boolean {
  return isApiError(error) && [404, 501, 503].includes(error.status);
}
