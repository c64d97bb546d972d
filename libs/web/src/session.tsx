import { createContext, type ReactNode, useContext } from 'react';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export type SessionRole = 'user' | 'admin';

export interface SessionUser {
  /** The user id (token `sub`, 21 characters). */
  id: string;
  email: string;
  username: string;
  displayName: string;
  /** `['user']`, plus `'admin'` only when the profile's role is admin (seed §4). */
  roles: readonly SessionRole[];
}

export interface LoginOptions {
  /** Path (on this site) to open after signing in; defaults to `/`. */
  redirectTo?: string;
  /**
   * Open the provider's registration page instead of its sign-in (Keycloak mode: Keycloak
   * owns accounts there, so sign-up is `keycloak.register()`).
   */
  register?: boolean;
}

/** What the session can do; every function is safe to call in every state. */
export interface SessionActions {
  /**
   * Sends the browser to the identity provider's sign-in. Rejects (with a message for the user)
   * when the provider cannot be reached; otherwise the page is left and it never settles.
   */
  login(options?: LoginOptions): Promise<void>;
  /**
   * Starts the sign-in without leaving the page when the provider's sign-in form is this site's
   * `/auth?uid=…` (the embedded provider): resolves with the uid for that form. Resolves null
   * when the browser has to go to the provider (then call `login`); never rejects.
   */
  beginSignIn(options?: Pick<LoginOptions, 'redirectTo'>): Promise<string | null>;
  /**
   * Signs out: clears the client state (query cache, session) first, then ends the provider
   * session (the browser leaves and comes back to `/`). Never rejects: when the provider call
   * fails the app still ends signed out on `/` (seed §7).
   */
  logout(): Promise<void>;
  /** A fresh access token (refreshed when it expires within 30 s), or null when signed out. */
  getToken(): Promise<string | null>;
  /** Reads the profile again (GET /api/v1/me), e.g. after the user changed their display name. */
  refresh(): Promise<void>;
}

export type SessionState =
  | { status: 'loading'; user: null; isAdmin: false }
  | { status: 'signed-out'; user: null; isAdmin: false }
  | { status: 'signed-in'; user: SessionUser; isAdmin: boolean };

/** Who is using the app. The shell provides it; remotes read it through the shared singleton. */
export type Session = SessionState & SessionActions;

const NO_ACTIONS: SessionActions = {
  login: () => Promise.resolve(),
  beginSignIn: () => Promise.resolve(null),
  logout: () => Promise.resolve(),
  getToken: () => Promise.resolve(null),
  refresh: () => Promise.resolve(),
};

export const LOADING_STATE: SessionState = { status: 'loading', user: null, isAdmin: false };
export const SIGNED_OUT_STATE: SessionState = { status: 'signed-out', user: null, isAdmin: false };

export function signedInState(user: SessionUser): SessionState {
  return { status: 'signed-in', user, isAdmin: user.roles.includes('admin') };
}

/**
 * A session value from a state and (optionally) actions — for tests and stories of any
 * frontend: `createSession({ id: 'u1', ..., roles: ['user'] })` is signed in,
 * `createSession('signed-out')` / `createSession('loading')` the other states.
 */
export function createSession(
  state: SessionUser | 'signed-out' | 'loading',
  actions: Partial<SessionActions> = {},
): Session {
  const base =
    state === 'signed-out'
      ? SIGNED_OUT_STATE
      : state === 'loading'
        ? LOADING_STATE
        : signedInState(state);
  return { ...base, ...NO_ACTIONS, ...actions };
}

const SIGNED_OUT: Session = createSession('signed-out');

const SessionContext = createContext<Session>(SIGNED_OUT);

export interface SessionProviderProps {
  value: Session;
  children: ReactNode;
}

export function SessionProvider({ value, children }: SessionProviderProps) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session; signed out (with no-op actions) outside a SessionProvider. */
export function useSession(): Session {
  return useContext(SessionContext);
}

/** True only for a signed-in user whose profile role is admin. */
export function isAdmin(session: SessionState): boolean {
  return session.status === 'signed-in' && session.isAdmin;
}

/**
 * sessionStorage flag the account remote sets (to `'1'`) just before the browser leaves for the
 * provider after a successful sign-in; the shell removes it on return and says "Welcome back!".
 */
export const SIGNED_IN_FLAG_KEY = 'loadout_signed_in';

/** Sets the "just signed in" flag (see SIGNED_IN_FLAG_KEY); storage failures are ignored. */
export function markSignedIn(): void {
  try {
    window.sessionStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
  } catch {
    // Storage disabled: the welcome toast is skipped, nothing else depends on it.
  }
}
