/**
 * Sessions that ended before their access tokens expire (issue 22, item 6; ADR 0019). Identity
 * knows which sessions of an account ended (signed out, password reset, refresh token theft) and
 * since when all of them are void; every token check asks it, through a short cache.
 */
export interface SessionState {
  /** Tokens issued before this moment (epoch seconds) are void; null when never set. */
  notBefore: number | null;
  /** `sid` claims of sessions that ended while their access tokens may still be unexpired. */
  endedSessions: readonly string[];
}

/** Port: where the session state of an account comes from (identity's internal endpoint). */
export interface SessionStateSource {
  stateOf(userId: string): Promise<SessionState>;
}

/** The claims the check reads; `sid` is absent from tokens issued before it existed. */
export interface SessionClaims {
  sub: string;
  sid?: unknown;
  iat?: unknown;
}

/** Pure rule: does this token belong to a session that is still open? */
export function sessionStillOpen(state: SessionState, claims: SessionClaims): boolean {
  const iat = typeof claims.iat === 'number' ? claims.iat : 0;
  if (state.notBefore !== null && iat < state.notBefore) return false;
  return !(typeof claims.sid === 'string' && state.endedSessions.includes(claims.sid));
}

/** "Is this token's session still open?" — the step every token check runs after the signature. */
export interface SessionCheck {
  isOpen(claims: SessionClaims): Promise<boolean>;
}

export interface CachedSessionCheckOptions {
  /** How long an answer is reused: the longest a signed-out token keeps working. */
  ttlMs: number;
  /** Accounts remembered at most (oldest dropped first). */
  maxEntries: number;
  /** Told when the source fails (the check then uses the last answer, or lets the token pass). */
  onSourceError?: (err: unknown) => void;
  now?: () => number;
}

export const SESSION_CHECK_TTL_MS = 5_000;

interface Entry {
  state: SessionState;
  fetchedAt: number;
}

/**
 * An in-process cache over a `SessionStateSource`: one lookup per account per `ttlMs` and per
 * process (concurrent checks of one account share it). When the source fails, the last known
 * state is used however old; with none, the token passes — its signature was valid and it
 * expires within minutes anyway, so an identity outage never turns into a site-wide 401/503.
 */
export class CachedSessionCheck implements SessionCheck {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<SessionState | null>>();
  private readonly now: () => number;

  constructor(
    private readonly source: SessionStateSource,
    private readonly options: CachedSessionCheckOptions = {
      ttlMs: SESSION_CHECK_TTL_MS,
      maxEntries: 10_000,
    },
  ) {
    this.now = options.now ?? Date.now;
  }

  async isOpen(claims: SessionClaims): Promise<boolean> {
    const state = await this.stateOf(claims.sub);
    return state ? sessionStillOpen(state, claims) : true;
  }

  private async stateOf(userId: string): Promise<SessionState | null> {
    const cached = this.entries.get(userId);
    if (cached && this.now() - cached.fetchedAt < this.options.ttlMs) return cached.state;
    let pending = this.inFlight.get(userId);
    if (!pending) {
      pending = this.fetch(userId, cached).finally(() => this.inFlight.delete(userId));
      this.inFlight.set(userId, pending);
    }
    return pending;
  }

  private async fetch(userId: string, stale: Entry | undefined): Promise<SessionState | null> {
    try {
      const state = await this.source.stateOf(userId);
      this.remember(userId, state);
      return state;
    } catch (err) {
      this.options.onSourceError?.(err);
      return stale?.state ?? null;
    }
  }

  private remember(userId: string, state: SessionState): void {
    this.entries.delete(userId);
    this.entries.set(userId, { state, fetchedAt: this.now() });
    if (this.entries.size > this.options.maxEntries) {
      // Map keeps insertion order: the first key is the least recently fetched account.
      this.entries.delete(this.entries.keys().next().value!);
    }
  }
}

const isState = (body: unknown): body is SessionState => {
  if (typeof body !== 'object' || body === null) return false;
  const { notBefore, endedSessions } = body as Record<string, unknown>;
  return (
    (notBefore === null || typeof notBefore === 'number') &&
    Array.isArray(endedSessions) &&
    endedSessions.every((s) => typeof s === 'string')
  );
};

/** The identity service's internal endpoint: `GET {baseUrl}/{userId}` → `SessionState`. */
export class HttpSessionStateSource implements SessionStateSource {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = 2_000,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async stateOf(userId: string): Promise<SessionState> {
    const res = await fetch(`${this.baseUrl}/${encodeURIComponent(userId)}`, {
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`session state answered ${res.status}`);
    const body: unknown = await res.json();
    if (!isState(body)) throw new Error('session state has an unexpected shape');
    return body;
  }
}
