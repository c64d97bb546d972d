import { type LoginOptions, type SessionUser, useSession } from '@loadout/web';

export type { LoginOptions };
export type AccountUser = SessionUser;

/** What the account pages need from the shell's session (`useSession()` in @loadout/web). */
export interface AccountSession {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: AccountUser | null;
  /**
   * Starts the OpenID Connect sign-in (the browser leaves the page); rejects with a message for
   * the user when the provider cannot be reached.
   */
  login: (options?: LoginOptions) => Promise<void>;
  /**
   * Starts the sign-in in the page when the provider's form is `/auth?uid=…` (the embedded
   * provider): resolves with that uid, or null when `login` has to leave the page instead.
   */
  beginSignIn: (options?: Pick<LoginOptions, 'redirectTo'>) => Promise<string | null>;
  /** Reads the own profile again, so the header shows a changed display name. */
  refresh: () => Promise<void>;
  /** Signs out (clears the client state, ends the provider session); never rejects. */
  logout: () => Promise<void>;
}

/**
 * Thin adapter over `useSession()`: the one place the account pages touch the shared session
 * (and the one module their tests replace).
 */
export function useAccountSession(): AccountSession {
  const { status, user, login, beginSignIn, refresh, logout } = useSession();
  return { status, user, login, beginSignIn, refresh, logout };
}
