import { ApiError, apiFetch, setAccessTokenProvider, type TokenRequest } from './api-client';
import { type AuthClaims, type AuthClient } from './auth-client';
import {
  LOADING_STATE,
  type LoginOptions,
  type Session,
  type SessionActions,
  type SessionRole,
  type SessionState,
  type SessionUser,
  SIGNED_IN_FLAG_KEY,
  SIGNED_OUT_STATE,
  signedInState,
} from './session';

/** The fields of `GET /api/v1/me` the session uses (the rest is the account remote's business). */
export interface MeProfile {
  id: string;
  email: string;
  username: string;
  displayName: string;
  role: string;
}

/** sessionStorage: where to go after the sign-in that `login({ redirectTo })` started. */
export const REDIRECT_AFTER_SIGN_IN_KEY = 'loadout_after_sign_in';

/** Seconds of validity an access token must have left before an API call (else refreshed). */
export const TOKEN_MIN_VALIDITY = 30;

/** How long start-up waits for the provider before running signed out (it may still sign in later). */
export const AUTH_INIT_TIMEOUT_MS = 10_000;

export interface SessionControllerOptions {
  authClient: AuthClient;
  /** Reads the own profile with the given access token; defaults to `GET /api/v1/me`. */
  fetchProfile?: (token: string) => Promise<MeProfile>;
  /**
   * Tells the API that this session ended, so its access token is refused at once everywhere
   * (ADR 0019; in keycloak mode the only way identity hears of it); defaults to
   * `POST /api/v1/auth/sign-out`. A failure never stops the sign-out.
   */
  endServerSession?: (token: string) => Promise<void>;
  /** Clears client state (the shell drops its query cache); runs before the provider sign-out. */
  onSignOut?: () => void;
  /** In-app navigation (the router's); used after a failed sign-out and after sign-in. */
  navigate?: (path: string) => void;
  /** Called once when the browser has come back signed in ("Welcome back!"). */
  onWelcome?: () => void;
  /**
   * Public reads went out without a token while the session was starting, and it turned out
   * signed in: the shell reads them again so signed-in details fill in (ADR 0033).
   */
  onSignedInAfterPublicReads?: () => void;
  /** Defaults to `window.location.origin`. */
  origin?: string;
  /** Defaults to `window.sessionStorage`. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  initTimeoutMs?: number;
}

export interface SessionController {
  getSnapshot(): Session;
  subscribe(listener: () => void): () => void;
  /** Starts the auth client once (further calls return the same promise). */
  start(): Promise<void>;
}

const fetchMe = (token: string) =>
  apiFetch<MeProfile>('me', { headers: { authorization: `Bearer ${token}` } });

const signOutOnServer = (token: string) =>
  apiFetch<void>('auth/sign-out', {
    method: 'POST',
    json: {},
    headers: { authorization: `Bearer ${token}` },
  });

/** The longest a sign-out waits for the API before leaving for the provider anyway. */
export const END_SERVER_SESSION_TIMEOUT_MS = 2_000;

/** A path on this site (not `//host` or a URL), safe to navigate to. */
export function isSafeRedirect(path: unknown): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path);
}

function rolesOf(profile: MeProfile | null): SessionRole[] {
  return profile?.role === 'admin' ? ['user', 'admin'] : ['user'];
}

function userFrom(claims: AuthClaims, profile: MeProfile | null): SessionUser {
  return {
    id: profile?.id || claims.id,
    email: profile?.email || claims.email,
    username: profile?.username || claims.username,
    displayName: profile?.displayName || claims.displayName || profile?.username || claims.username,
    roles: rolesOf(profile),
  };
}

function defaultStorage(): SessionControllerOptions['storage'] {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The session store behind the shell's SessionProvider: starts the auth client, reads the
 * profile (roles come from it, seed §4), registers the access token provider for apiFetch and
 * implements login/logout. Framework-free; `useSessionController` connects it to React.
 */
export function createSessionController(options: SessionControllerOptions): SessionController {
  const { authClient, onSignOut, navigate, onWelcome } = options;
  const fetchProfile = options.fetchProfile ?? fetchMe;
  const endServerSession = options.endServerSession ?? signOutOnServer;
  const origin = () => options.origin ?? window.location.origin;
  const storage = options.storage ?? defaultStorage();
  const timeoutMs = options.initTimeoutMs ?? AUTH_INIT_TIMEOUT_MS;

  const listeners = new Set<() => void>();
  let claims: AuthClaims | null = null;
  // Bumped on every sign-in/out so late answers (profile, init) cannot undo a newer state.
  let generation = 0;
  let started: Promise<void> | null = null;
  let authSettled = false;
  // A public read was answered without a token because the session had not settled yet.
  let publicReadsWithoutSession = false;
  let resolveAuthReady!: () => void;
  const authReady = new Promise<void>((resolve) => (resolveAuthReady = resolve)).then(() => {
    authSettled = true;
  });

  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const take = (key: string): string | null => {
    const value = read(key);
    try {
      if (value !== null) storage?.removeItem(key);
    } catch {
      // Storage disabled.
    }
    return value;
  };

  const actions: SessionActions = {
    login: (loginOptions?: LoginOptions) => login(loginOptions),
    beginSignIn: (loginOptions?: Pick<LoginOptions, 'redirectTo'>) => beginSignIn(loginOptions),
    logout: () => logout(),
    getToken: () => getToken(),
    refresh: () => refresh(),
  };
  let snapshot: Session = { ...LOADING_STATE, ...actions };

  const setState = (state: SessionState) => {
    snapshot = { ...state, ...actions };
    for (const listener of listeners) listener();
  };

  async function loadProfile(token: string | null): Promise<MeProfile | null> {
    if (!token) return null;
    try {
      return await fetchProfile(token);
    } catch {
      // Seed §4: the profile could not be read, so the user is not an admin.
      return null;
    }
  }

  async function becomeSignedIn(signedIn: AuthClaims, returnedFromProvider: boolean) {
    const mine = ++generation;
    claims = signedIn;
    const token = await authClient.getToken(TOKEN_MIN_VALIDITY).catch(() => null);
    const profile = await loadProfile(token);
    if (mine !== generation || !claims) return;
    setState(signedInState(userFrom(signedIn, profile)));
    if (publicReadsWithoutSession) {
      publicReadsWithoutSession = false;
      options.onSignedInAfterPublicReads?.();
    }
    const flagged = take(SIGNED_IN_FLAG_KEY) === '1';
    if (flagged || returnedFromProvider) {
      const redirectTo = take(REDIRECT_AFTER_SIGN_IN_KEY);
      onWelcome?.();
      if (isSafeRedirect(redirectTo) && redirectTo !== '/') navigate?.(redirectTo);
    }
  }

  function becomeSignedOut() {
    generation++;
    claims = null;
    take(SIGNED_IN_FLAG_KEY);
    setState(SIGNED_OUT_STATE);
  }

  function sessionLost() {
    if (!claims) return;
    onSignOut?.();
    becomeSignedOut();
  }

  async function run(): Promise<void> {
    authClient.onSessionLost(sessionLost);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const init = authClient.init().then(
      (result) => result,
      () => null,
    );
    const first = await Promise.race([init, timedOut]);
    clearTimeout(timer);
    if (first === 'timeout') {
      // Run signed out now; a late answer may still sign the user in.
      becomeSignedOut();
      resolveAuthReady();
      const signedOutAt = generation;
      const late = await init;
      if (late?.claims && generation === signedOutAt) {
        await becomeSignedIn(late.claims, late.returnedFromProvider);
      }
      return;
    }
    if (first?.claims) {
      claims = first.claims;
      resolveAuthReady();
      await becomeSignedIn(first.claims, first.returnedFromProvider);
    } else {
      becomeSignedOut();
      resolveAuthReady();
    }
  }

  async function getToken({ wait }: TokenRequest = { wait: true }): Promise<string | null> {
    if (!wait && !authSettled) {
      publicReadsWithoutSession = true;
      return null;
    }
    await authReady;
    if (!claims) return null;
    try {
      return await authClient.getToken(TOKEN_MIN_VALIDITY);
    } catch {
      sessionLost();
      return null;
    }
  }

  /** Where to go after this sign-in (read back on return, see becomeSignedIn). */
  function rememberRedirect(redirectTo: string | undefined): void {
    try {
      if (isSafeRedirect(redirectTo)) storage?.setItem(REDIRECT_AFTER_SIGN_IN_KEY, redirectTo);
      else storage?.removeItem(REDIRECT_AFTER_SIGN_IN_KEY);
    } catch {
      // Storage disabled: the user lands on / after signing in.
    }
  }

  async function beginSignIn(loginOptions: Pick<LoginOptions, 'redirectTo'> = {}) {
    if (!authClient.beginInPage) return null;
    rememberRedirect(loginOptions.redirectTo);
    try {
      return await authClient.beginInPage({ redirectUri: `${origin()}/` });
    } catch {
      return null;
    }
  }

  async function login(loginOptions: LoginOptions = {}): Promise<void> {
    const { redirectTo, register } = loginOptions;
    rememberRedirect(redirectTo);
    try {
      await authClient.login({
        redirectUri: `${origin()}/`,
        ...(register ? { action: 'register' as const } : {}),
      });
    } catch (cause) {
      throw new ApiError(0, {
        code: 'AUTH.UNAVAILABLE',
        message: 'Sign-in is not available right now. Please try again in a moment.',
        requestId: '',
        details: cause instanceof Error ? cause.message : undefined,
      });
    }
  }

  async function logout(): Promise<void> {
    const wasSignedIn = claims !== null;
    // Seed §7: the client state is cleared first, whatever the provider answers.
    onSignOut?.();
    generation++;
    claims = null;
    take(SIGNED_IN_FLAG_KEY);
    // 'loading', not 'signed-out', while the browser leaves for the provider: a guarded page or
    // /auth reacting to 'signed-out' would start a new sign-in that races the sign-out.
    setState(LOADING_STATE);
    if (wasSignedIn) await endSessionOnServer();
    try {
      await authClient.logout({ redirectUri: `${origin()}/` });
    } catch {
      becomeSignedOut();
      try {
        authClient.clear();
      } catch {
        // Nothing more to clear.
      }
      navigate?.('/');
    }
  }

  async function endSessionOnServer(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, END_SERVER_SESSION_TIMEOUT_MS);
    });
    const ended = authClient
      .getToken(TOKEN_MIN_VALIDITY)
      .then((token) => (token ? endServerSession(token) : undefined))
      .catch(() => undefined);
    await Promise.race([ended, gaveUp]);
    clearTimeout(timer);
  }

  async function refresh(): Promise<void> {
    const current = claims;
    if (!current) return;
    const mine = generation;
    const token = await getToken();
    if (!token) return;
    try {
      const profile = await fetchProfile(token);
      if (mine === generation && claims) setState(signedInState(userFrom(current, profile)));
    } catch {
      // Keep what we have; the next refresh may work.
    }
  }

  // Registered now, not when the session starts: the first page's queries run in child effects
  // before the app's effect starts the session, and must wait for it (a signed-in user's first
  // requests carry the token, so they never get a cached anonymous answer).
  setAccessTokenProvider(getToken);

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      started ??= run();
      return started;
    },
  };
}
