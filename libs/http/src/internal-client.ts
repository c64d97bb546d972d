/**
 * The one way a service calls another over HTTP (issue 29 item 6): a base URL, a timeout on
 * every call, the internal token or a caller's bearer token, JSON in and out, one retry of an
 * idempotent read that could not reach the other service, and the caller's own house error when
 * it cannot be reached. What an answer means (404 → not found, 409 → taken) stays with the
 * caller, which knows its API.
 *
 * Calls go through undici's `request` on a kept-alive pool of the client's own (issue 28): the
 * global `fetch` cost about 0.23 ms more CPU a call (infra/bench/orders/internal-call.mjs).
 */
import { Agent, type Dispatcher, request } from 'undici';

export interface InternalClientOptions {
  /** The other service's base URL; unset means not configured (every call is "unavailable"). */
  baseUrl: string | undefined;
  /** Sent as `x-internal-token` on calls that ask for it (`internal: true`). */
  internalToken?: string;
  /** Per call, default 5 s. */
  timeoutMs?: number;
  /** The caller's error for "the other service cannot be reached" (a house AppError). */
  unavailable: () => Error;
}

export interface InternalCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters (undefined ones are left out). */
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body. */
  json?: unknown;
  /** Send the internal token (`/internal/*` routes). */
  internal?: boolean;
  /** Act for a user: their bearer token. */
  bearer?: string;
  /** This call's own timeout. */
  timeoutMs?: number;
}

/** An answer of the other service: its status and its JSON body (null when empty or not JSON). */
export interface InternalAnswer<T> {
  status: number;
  ok: boolean;
  body: T | null;
}

const DEFAULT_TIMEOUT_MS = 5_000;

export class InternalHttpClient {
  private readonly base: string | undefined;
  /**
   * Kept-alive connections to the other service. The services (Fastify) keep an idle socket
   * 72 s and say so; ours close first.
   */
  private readonly agent = new Agent({ keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });

  constructor(private readonly options: InternalClientOptions) {
    this.base = options.baseUrl?.replace(/\/$/, '');
  }

  /** True when a base URL is set. */
  get configured(): boolean {
    return !!this.base;
  }

  /**
   * Calls `path` and reads the whole answer. Throws `unavailable()` when not configured, on a
   * network error or timeout (after one retry for a GET), never for an HTTP status.
   */
  async call<T>(path: string, call: InternalCall = {}): Promise<InternalAnswer<T>> {
    if (!this.base) throw this.options.unavailable();
    const method = call.method ?? 'GET';
    const url = this.base + path + queryString(call.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    if (call.internal) headers['x-internal-token'] = this.options.internalToken ?? '';
    if (call.bearer) headers['authorization'] = `Bearer ${call.bearer}`;
    const body = call.json === undefined ? undefined : JSON.stringify(call.json);
    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

    // A GET that could not connect (or whose answer broke off) is tried once more: it changes
    // nothing. A write is never repeated: the other side may have done it.
    const attempts = method === 'GET' ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await request(url, {
          dispatcher: this.agent,
          method: method as Dispatcher.HttpMethod,
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.body.text();
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        return { status: res.statusCode, ok, body: parseJson<T>(text) };
      } catch {
        if (attempt >= attempts) throw this.options.unavailable();
      }
    }
  }
}

function queryString(query: InternalCall['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.set(key, String(value));
  const s = params.toString();
  return s ? `?${s}` : '';
}

function parseJson<T>(text: string): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
