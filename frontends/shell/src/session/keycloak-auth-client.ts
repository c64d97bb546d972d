import { type AuthConfig } from '@loadout/contracts';
import { type AuthClaims, type AuthClient, type AuthInitResult } from '@loadout/web';
import type Keycloak from 'keycloak-js';
import { type KeycloakConfig, type KeycloakInitOptions } from 'keycloak-js';

/** `GET /api/v1/auth/config` (ADR 0006): the contract's type. */
export type { AuthConfig };

export const AUTH_CONFIG_URL = '/api/v1/auth/config';

/** The parts of a keycloak-js instance the adapter uses (a fake in tests). */
export type KeycloakLike = Pick<
  Keycloak,
  | 'init'
  | 'login'
  | 'createLoginUrl'
  | 'logout'
  | 'updateToken'
  | 'clearToken'
  | 'authenticated'
  | 'token'
  | 'tokenParsed'
  | 'idTokenParsed'
  | 'onTokenExpired'
>;

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Validates the auth config answer; throws on anything else. */
export function parseAuthConfig(value: unknown): AuthConfig {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (v['mode'] === 'embedded' && isText(v['issuer']) && isText(v['clientId'])) {
    return { mode: 'embedded', issuer: v['issuer'], clientId: v['clientId'] };
  }
  if (v['mode'] === 'keycloak' && isText(v['url']) && isText(v['realm']) && isText(v['clientId'])) {
    return { mode: 'keycloak', url: v['url'], realm: v['realm'], clientId: v['clientId'] };
  }
  throw new Error('The auth config answer is not usable.');
}

/** keycloak-js constructor options for a config (generic OIDC mode for the embedded provider). */
export function keycloakConfigFor(config: AuthConfig): KeycloakConfig {
  return config.mode === 'embedded'
    ? { oidcProvider: config.issuer, clientId: config.clientId }
    : { url: config.url, realm: config.realm, clientId: config.clientId };
}

/** keycloak-js `init` options (ADR 0006 "Shell session"). */
export function keycloakInitOptions(origin: string, checkSso = true): KeycloakInitOptions {
  return {
    ...(checkSso ? { onLoad: 'check-sso' as const } : {}),
    pkceMethod: 'S256',
    checkLoginIframe: false,
    silentCheckSsoRedirectUri: `${origin}/silent-check-sso.html`,
    redirectUri: `${origin}/`,
  };
}

/** Reads the config with a plain fetch (apiFetch would wait for the session it is starting). */
export async function fetchAuthConfig(fetchImpl: typeof fetch = fetch): Promise<AuthConfig> {
  const response = await fetchImpl(AUTH_CONFIG_URL, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`The auth config answered HTTP ${response.status}.`);
  return parseAuthConfig(await response.json());
}

/**
 * Runs `start` (keycloak-js's init) with its hidden sign-in check frames left unsandboxed when
 * they load a page of this origin (the embedded provider, then silent-check-sso.html).
 * keycloak-js gives them `sandbox="… allow-scripts allow-same-origin"`: for a same-origin page
 * that protects nothing (the frame may lift its own sandbox), and Chromium warns about exactly
 * that on every signed-in start (issue 25, ADR 0033). A frame of another origin (a Keycloak
 * server) keeps its sandbox. Other elements are untouched, and so is createElement afterwards.
 */
export async function withoutSameOriginFrameSandbox<T>(
  start: () => Promise<T>,
  doc: Document = document,
): Promise<T> {
  const own = Object.prototype.hasOwnProperty.call(doc, 'createElement');
  const original = doc.createElement;
  const origin = doc.location?.origin;
  doc.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = original.call(this, tagName, options);
    if (element instanceof HTMLIFrameElement) {
      const setAttribute = element.setAttribute;
      element.setAttribute = function (name: string, value: string) {
        const src = element.getAttribute('src');
        const sameOrigin = !!src && !!origin && new URL(src, origin).origin === origin;
        if (name.toLowerCase() === 'sandbox' && sameOrigin) return;
        setAttribute.call(element, name, value);
      };
    }
    return element;
  } as Document['createElement'];
  try {
    return await start();
  } finally {
    if (own) doc.createElement = original;
    else delete (doc as { createElement?: unknown }).createElement;
  }
}

async function createKeycloak(config: KeycloakConfig): Promise<KeycloakLike> {
  // Its own chunk: visitors who never sign in still load it once, but after the first paint.
  const { default: KeycloakClass } = await import('keycloak-js');
  return new KeycloakClass(config);
}

/** True when the URL carries an authorization response (the browser came back from sign-in). */
export function isProviderCallback(url: string): boolean {
  const { hash, search } = new URL(url);
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

function claimsOf(keycloak: KeycloakLike): AuthClaims | null {
  const token = { ...keycloak.idTokenParsed, ...keycloak.tokenParsed } as Record<string, unknown>;
  const id = token['sub'];
  if (!isText(id)) return null;
  const text = (key: string) => (isText(token[key]) ? token[key] : '');
  return {
    id,
    email: text('email'),
    username: text('preferred_username'),
    displayName: text('name'),
  };
}

/**
 * Set while this browser has a session (issue 12): a visitor who never signed in here skips the
 * start-up session check (keycloak-js, the auth config and the check-sso frame), so their pages
 * and API calls do not wait for it. A sign-in callback always checks.
 */
export const SESSION_HINT_KEY = 'loadout_session_hint';

/** The hint in local storage; storage that throws (privacy modes) means "check". */
export const localSessionHint = {
  get(): boolean {
    try {
      return localStorage.getItem(SESSION_HINT_KEY) !== null;
    } catch {
      return true;
    }
  },
  set(signedIn: boolean): void {
    try {
      if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1');
      else localStorage.removeItem(SESSION_HINT_KEY);
    } catch {
      // Without storage the check simply runs on every start.
    }
  },
};

export interface KeycloakAuthClientOptions {
  /** Whether this browser may have a session (defaults to the local storage hint). */
  sessionHint?: { get(): boolean; set(signedIn: boolean): void };
  loadConfig?: () => Promise<AuthConfig>;
  create?: (config: KeycloakConfig) => Promise<KeycloakLike>;
  origin?: () => string;
  /** The page URL at start-up (to tell a sign-in callback from a plain visit). */
  currentUrl?: () => string;
  /** Requests the provider's authorization URL for an in-page sign-in (defaults to `fetch`). */
  fetchImpl?: typeof fetch;
}

/** The AuthClient port implemented with keycloak-js 26 (embedded provider or Keycloak). */
export function createKeycloakAuthClient(options: KeycloakAuthClientOptions = {}): AuthClient {
  const loadConfig = options.loadConfig ?? (() => fetchAuthConfig());
  const create = options.create ?? createKeycloak;
  const origin = options.origin ?? (() => window.location.origin);
  const currentUrl = options.currentUrl ?? (() => window.location.href);
  const hint = options.sessionHint ?? localSessionHint;
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const lostListeners = new Set<() => void>();
  let keycloak: KeycloakLike | null = null;
  let mode: AuthConfig['mode'] | null = null;

  const lose = (instance: KeycloakLike) => {
    instance.clearToken();
    for (const listener of lostListeners) listener();
  };

  async function setUp(checkSso: boolean): Promise<KeycloakLike> {
    const config = await loadConfig();
    const instance = await create(keycloakConfigFor(config));
    instance.onTokenExpired = () => {
      void instance.updateToken(30).catch(() => lose(instance));
    };
    await withoutSameOriginFrameSandbox(() =>
      instance.init(keycloakInitOptions(origin(), checkSso)),
    );
    keycloak = instance;
    mode = config.mode;
    return instance;
  }

  return {
    async init(): Promise<AuthInitResult> {
      const returning = isProviderCallback(currentUrl());
      // Never signed in here: nothing to check; keycloak-js loads when they choose to sign in.
      if (!returning && !hint.get()) return { claims: null, returnedFromProvider: false };
      const instance = await setUp(true);
      const claims = instance.authenticated ? claimsOf(instance) : null;
      hint.set(claims !== null);
      return { claims, returnedFromProvider: returning && claims !== null };
    },

    async login({ redirectUri, action }) {
      // When start-up failed (identity was down), try again now.
      const instance = keycloak ?? (await setUp(false));
      // action 'register' is keycloak.register(): Keycloak's registration page.
      await instance.login(action ? { redirectUri, action } : { redirectUri });
    },

    async beginInPage({ redirectUri }) {
      const instance = keycloak ?? (await setUp(false));
      // Keycloak shows its own sign-in pages: the browser has to go there.
      if (mode !== 'embedded') return null;
      // The authorization request, followed here: the embedded provider answers with a
      // redirect to its interaction page, /auth?uid=…, setting its interaction cookies on the
      // way. keycloak-js keeps the request's state and PKCE verifier for the return, as for
      // login(). Only the final URL is read; the page itself is not wanted.
      const response = await fetchImpl(await instance.createLoginUrl({ redirectUri }), {
        credentials: 'same-origin',
        headers: { accept: 'text/html' },
      });
      void response.body?.cancel().catch(() => undefined);
      if (!response.ok || !response.url) return null;
      const landed = new URL(response.url);
      if (landed.origin !== origin() || landed.pathname !== '/auth') return null;
      return landed.searchParams.get('uid') || null;
    },

    async logout({ redirectUri }) {
      if (!keycloak) throw new Error('Sign-in was never set up on this page.');
      hint.set(false);
      await keycloak.logout({ redirectUri });
    },

    async getToken(minValidity) {
      const instance = keycloak;
      if (!instance?.authenticated) return null;
      try {
        await instance.updateToken(minValidity);
        return instance.token ?? null;
      } catch {
        lose(instance);
        return null;
      }
    },

    clear() {
      keycloak?.clearToken();
    },

    onSessionLost(listener) {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
  };
}
