import { isErrorBody } from '@loadout/errors';
import { ApiError } from '@loadout/web';
import { type InteractionDetails, type InteractionResult } from '@loadout/contracts';

/**
 * The provider's interaction endpoints live at `/auth/interaction/*` (not under /api/v1), on
 * this origin, and rely on the provider's interaction cookie, hence a small fetch of their own.
 * Failures throw ApiError like apiFetch does; a failure without a JSON message has an empty
 * message so callers can fall back to their own text.
 */
async function interactionRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, {
      code: 'NETWORK.UNREACHABLE',
      message: 'Could not reach Loadout. Check your connection and try again.',
      requestId: '',
    });
  }
  const requestId = response.headers.get('x-request-id') ?? '';
  const text = response.status === 204 ? '' : await response.text();
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    if (isErrorBody(parsed)) {
      throw new ApiError(response.status, { ...parsed, requestId: parsed.requestId || requestId });
    }
    throw new ApiError(response.status, {
      code: `HTTP.${response.status}`,
      message: '',
      requestId,
    });
  }
  return parsed as T;
}

const base = (uid: string) => `/auth/interaction/${encodeURIComponent(uid)}`;

export function getInteraction(uid: string, signal?: AbortSignal): Promise<InteractionDetails> {
  return interactionRequest<InteractionDetails>(base(uid), { signal });
}

export function submitInteractionLogin(
  uid: string,
  credentials: { email: string; password: string },
): Promise<InteractionResult> {
  return interactionRequest<InteractionResult>(`${base(uid)}/login`, {
    method: 'POST',
    body: JSON.stringify(credentials),
  });
}
