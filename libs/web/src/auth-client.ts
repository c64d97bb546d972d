/**
 * The port between the session and an OpenID Connect client. The shell adapts keycloak-js to it
 * (frontends/shell/src/session/keycloak-auth-client.ts); tests use a fake. Nothing here names
 * keycloak-js, so remotes never depend on it.
 */

/** Who the access token says is signed in (token claims, before the profile is read). */
export interface AuthClaims {
  /** `sub`: the user id. */
  id: string;
  email: string;
  /** `preferred_username`. */
  username: string;
  /** `name`. */
  displayName: string;
}

export interface AuthRedirectOptions {
  /** Absolute URL the provider sends the browser back to. */
  redirectUri: string;
  /** `register`: the provider's registration page (keycloak-js `action`). */
  action?: 'register';
}

export interface AuthInitResult {
  /** The token's claims when someone is signed in, null otherwise. */
  claims: AuthClaims | null;
  /** True when this page load finished a sign-in the browser came back from (a redirect). */
  returnedFromProvider: boolean;
}

export interface AuthClient {
  /**
   * Starts the client and checks for an existing sign-in without leaving the page (finishing a
   * sign-in when the browser has just come back from the provider). Rejects when the provider
   * cannot be reached. Called once.
   */
  init(): Promise<AuthInitResult>;
  /** Sends the browser to the provider's sign-in. */
  login(options: AuthRedirectOptions): Promise<void>;
  /**
   * Starts the provider's sign-in without leaving the page, for a provider whose sign-in form is
   * this site's own `/auth?uid=…` (the embedded provider, ADR 0006): resolves with that
   * interaction's uid. Resolves null whenever the browser has to go to the provider instead
   * (Keycloak's own pages, a provider session that signs in at once, any other answer).
   * Optional: a client without it always leaves the page (`login`).
   */
  beginInPage?(options: AuthRedirectOptions): Promise<string | null>;
  /** Ends the provider session (the browser leaves for the provider). May throw. */
  logout(options: AuthRedirectOptions): Promise<void>;
  /**
   * A usable access token, refreshed first when it expires within `minValidity` seconds; null
   * when nobody is signed in or the refresh failed (then the tokens are dropped and the
   * session-lost listeners are told).
   */
  getToken(minValidity: number): Promise<string | null>;
  /** Drops the tokens locally, without contacting the provider. */
  clear(): void;
  /** Called when the tokens stop working (refresh refused); returns an unsubscribe function. */
  onSessionLost(listener: () => void): () => void;
}
