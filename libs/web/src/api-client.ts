import { type ErrorBody, isErrorBody } from '@loadout/errors';

/** An API failure, carrying the server's `{ code, message, details, requestId }` body. */
export class ApiError extends Error implements ErrorBody {
  readonly code: string;
  readonly details?: unknown;
  readonly requestId: string;

  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.code;
    this.details = body.details;
    this.requestId = body.requestId;
  }

  toJSON(): ErrorBody & { status: number } {
    const { status, code, message, details, requestId } = this;
    return { status, code, message, details, requestId };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface TokenRequest {
  /**
   * False for a public read: while the session is still starting, answer null at once rather
   * than waiting for it (issue 25 item 8).
   */
  wait: boolean;
}

type AccessTokenProvider = (
  request: TokenRequest,
) => string | null | undefined | Promise<string | null | undefined>;

let accessTokenProvider: AccessTokenProvider | null = null;

/** Registers how to get the current access token; apiFetch sends it as a Bearer token. */
export function setAccessTokenProvider(provider: AccessTokenProvider | null): void {
  accessTokenProvider = provider;
}

/** The current access token (for the messaging socket's first message), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  return (accessTokenProvider ? await accessTokenProvider({ wait: true }) : null) ?? null;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON with a JSON content type. */
  json?: unknown;
  body?: BodyInit | null;
  /** Query parameters; null, undefined and empty strings are left out. */
  query?: Record<string, QueryValue>;
  /**
   * A read anyone may make (listings, fields, stats): sent at once, without a token, while the
   * session is still starting, so public pages do not wait for it. The shell reads such
   * answers again once the session is restored (ADR 0033). With a session, it carries the token.
   */
  publicRead?: boolean;
}

export const API_PREFIX = '/api/v1';

/** `/api/...` paths are used as they are; anything else is taken as relative to `/api/v1`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = path.startsWith('/api/') ? path : `${API_PREFIX}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The ApiError of a failed answer: the server's house-shaped body, or a generic one. */
export function apiErrorFrom(status: number, text: string, requestId = ''): ApiError {
  const parsed = text ? parseJson(text) : undefined;
  if (isErrorBody(parsed))
    return new ApiError(status, { ...parsed, requestId: parsed.requestId || requestId });
  return new ApiError(status, {
    code: `HTTP.${status}`,
    message: `The server answered with an error (HTTP ${status}). Please try again.`,
    requestId,
  });
}

/** The failure of a request that reached no server (offline, DNS, reset). */
export const unreachableError = (details?: string) =>
  new ApiError(0, {
    code: 'NETWORK.UNREACHABLE',
    message: 'Could not reach Loadout. Check your connection and try again.',
    requestId: '',
    details,
  });

/**
 * Calls the Loadout API with the access token and returns the successful Response, whatever
 * its body (a photo, say). Any non-2xx answer throws an ApiError with the server's error
 * body; a network failure throws one with code `NETWORK.UNREACHABLE`; an abort rethrows.
 */
export async function apiRequest(path: string, init: ApiFetchInit = {}): Promise<Response> {
  const { json, query, headers: initHeaders, body, publicRead, ...rest } = init;
  const headers = new Headers(initHeaders);
  let requestBody = body;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    requestBody = JSON.stringify(json);
  }
  const token = accessTokenProvider
    ? await accessTokenProvider({ wait: publicRead !== true })
    : null;
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      credentials: 'same-origin',
      ...rest,
      headers,
      body: requestBody,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw unreachableError(cause instanceof Error ? cause.message : undefined);
  }
  if (!response.ok)
    throw apiErrorFrom(
      response.status,
      await response.text(),
      response.headers.get('x-request-id') ?? '',
    );
  return response;
}

/**
 * Calls the Loadout API and returns the parsed JSON body. Failures as `apiRequest`; an answer
 * that is not JSON throws an ApiError too (codes `NETWORK.UNREACHABLE`, `HTTP.<status>`,
 * `HTTP.INVALID_JSON`).
 */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const response = await apiRequest(path, { ...init, headers });
  const text = response.status === 204 ? '' : await response.text();
  if (!text) return undefined as T;
  const parsed = parseJson(text);
  if (parsed === undefined) {
    throw new ApiError(response.status, {
      code: 'HTTP.INVALID_JSON',
      message: 'The server sent an unexpected answer. Please try again.',
      requestId: response.headers.get('x-request-id') ?? '',
    });
  }
  return parsed as T;
}

declare global {
  interface Window {
    /** Responses the boot script started before the app loaded, by API path (pwa/boot.js). */
    __loadoutPrefetch?: Record<string, Promise<unknown>>;
  }
}

/**
 * Takes, once, the response the boot script started for `path` before the app loaded (a
 * signed-out visitor's listing, issue 12). Resolves to null when the early request failed: the
 * caller then asks again, and gets the API's own error.
 */
export function takePrefetched<T>(path: string): Promise<T | null> | null {
  if (typeof window === 'undefined') return null;
  const early = window.__loadoutPrefetch?.[path];
  if (!early) return null;
  delete window.__loadoutPrefetch![path];
  return early.then(
    (body) => (body ?? null) as T | null,
    () => null,
  );
}
