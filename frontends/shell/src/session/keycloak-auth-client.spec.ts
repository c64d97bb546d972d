import { type KeycloakConfig } from 'keycloak-js';
import { jsonResponse } from '../test-utils';
import {
  type AuthConfig,
  type KeycloakLike,
  createKeycloakAuthClient,
  fetchAuthConfig,
  isProviderCallback,
  keycloakConfigFor,
  parseAuthConfig,
  withoutSameOriginFrameSandbox,
} from './keycloak-auth-client';

const EMBEDDED: AuthConfig = {
  mode: 'embedded',
  issuer: 'http://localhost:8080/oidc',
  clientId: 'loadout-web',
};

type FakeKeycloak = KeycloakLike & {
  init: jest.Mock;
  login: jest.Mock;
  createLoginUrl: jest.Mock;
  logout: jest.Mock;
  updateToken: jest.Mock;
  clearToken: jest.Mock;
};

function fakeKeycloak(authenticated: boolean): FakeKeycloak {
  const kc = {
    authenticated: false,
    token: undefined as string | undefined,
    tokenParsed: undefined as KeycloakLike['tokenParsed'],
    idTokenParsed: undefined as KeycloakLike['idTokenParsed'],
    onTokenExpired: undefined as (() => void) | undefined,
    init: jest.fn(() => {
      kc.authenticated = authenticated;
      if (authenticated) {
        kc.token = 'jwt-1';
        kc.tokenParsed = {
          sub: 'V1StGXR8_Z5jdHi6B-myT',
          email: 'niamh@example.ie',
          preferred_username: 'niamh',
          name: 'Niamh Byrne',
          realm_access: { roles: ['user'] },
        } as KeycloakLike['tokenParsed'];
      }
      return Promise.resolve(authenticated);
    }),
    login: jest.fn(() => Promise.resolve()),
    createLoginUrl: jest.fn(() => Promise.resolve('http://localhost:8080/oidc/auth?state=s1')),
    logout: jest.fn(() => Promise.resolve()),
    updateToken: jest.fn(() => {
      kc.token = 'jwt-2';
      return Promise.resolve(true);
    }),
    clearToken: jest.fn(() => {
      kc.authenticated = false;
      kc.token = undefined;
    }),
  };
  return kc as unknown as FakeKeycloak;
}

function setup({
  authenticated = true,
  config = EMBEDDED,
  url = 'http://localhost:8080/',
  signedInBefore = true,
  landedAt = 'http://localhost:8080/auth?uid=interaction-1',
}: {
  authenticated?: boolean;
  config?: AuthConfig | Error;
  url?: string;
  signedInBefore?: boolean;
  /** Where the in-page authorization request ends (its final URL after redirects). */
  landedAt?: string | Error;
} = {}) {
  const instances: FakeKeycloak[] = [];
  const hint = {
    value: signedInBefore,
    get: () => hint.value,
    set: (v: boolean) => {
      hint.value = v;
    },
  };
  const configs: KeycloakConfig[] = [];
  const cancel = jest.fn(() => Promise.resolve());
  const fetchImpl = jest.fn(() =>
    landedAt instanceof Error
      ? Promise.reject(landedAt)
      : Promise.resolve({ ok: true, url: landedAt, body: { cancel } } as unknown as Response),
  );
  const client = createKeycloakAuthClient({
    fetchImpl: fetchImpl as unknown as typeof fetch,
    loadConfig: () => (config instanceof Error ? Promise.reject(config) : Promise.resolve(config)),
    create: (kcConfig) => {
      configs.push(kcConfig);
      const kc = fakeKeycloak(authenticated);
      instances.push(kc);
      return Promise.resolve(kc);
    },
    origin: () => 'http://localhost:8080',
    currentUrl: () => url,
    sessionHint: hint,
  });
  return { client, instances, configs, hint, fetchImpl, cancel };
}

describe('auth config', () => {
  it('accepts the embedded and keycloak shapes only', () => {
    expect(parseAuthConfig(EMBEDDED)).toEqual(EMBEDDED);
    const keycloak = {
      mode: 'keycloak',
      url: 'https://kc',
      realm: 'loadout',
      clientId: 'loadout-web',
    };
    expect(parseAuthConfig(keycloak)).toEqual(keycloak);
    expect(() => parseAuthConfig({ mode: 'embedded' })).toThrow();
    expect(() => parseAuthConfig(null)).toThrow();
  });

  it('maps embedded to generic OIDC and keycloak to url/realm', () => {
    expect(keycloakConfigFor(EMBEDDED)).toEqual({
      oidcProvider: 'http://localhost:8080/oidc',
      clientId: 'loadout-web',
    });
    expect(
      keycloakConfigFor({ mode: 'keycloak', url: 'https://kc', realm: 'loadout', clientId: 'web' }),
    ).toEqual({ url: 'https://kc', realm: 'loadout', clientId: 'web' });
  });

  it('reads GET /api/v1/auth/config with a plain fetch', async () => {
    const fetchImpl = jest.fn(() => Promise.resolve(jsonResponse(200, EMBEDDED)));
    await expect(fetchAuthConfig(fetchImpl as unknown as typeof fetch)).resolves.toEqual(EMBEDDED);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/auth/config', expect.anything());
    const down = jest.fn(() => Promise.resolve(jsonResponse(503, {})));
    await expect(fetchAuthConfig(down as unknown as typeof fetch)).rejects.toThrow('HTTP 503');
  });
});

describe('keycloak auth client', () => {
  it('skips the session check for a browser that never signed in, and loads keycloak-js on sign-in', async () => {
    const { client, instances } = setup({ signedInBefore: false });
    await expect(client.init()).resolves.toEqual({ claims: null, returnedFromProvider: false });
    expect(instances).toHaveLength(0);
    await expect(client.getToken(30)).resolves.toBeNull();
    await client.login({ redirectUri: 'http://localhost:8080/' });
    expect(instances).toHaveLength(1);
    expect(instances[0]!.login).toHaveBeenCalled();
  });

  it('checks on a sign-in callback even without the hint, and remembers the session', async () => {
    const { client, instances, hint } = setup({
      signedInBefore: false,
      url: 'http://localhost:8080/#state=s&code=c',
    });
    await expect(client.init()).resolves.toMatchObject({ returnedFromProvider: true });
    expect(instances).toHaveLength(1);
    expect(hint.value).toBe(true);
    await client.logout({ redirectUri: 'http://localhost:8080/' });
    expect(hint.value).toBe(false);
  });

  it('forgets the hint when the check finds no session', async () => {
    const { client, hint } = setup({ authenticated: false });
    await client.init();
    expect(hint.value).toBe(false);
  });

  it('initialises keycloak-js with check-sso, PKCE S256 and the silent check page', async () => {
    const { client, instances, configs } = setup();
    const result = await client.init();
    expect(configs).toEqual([
      { oidcProvider: 'http://localhost:8080/oidc', clientId: 'loadout-web' },
    ]);
    expect(instances[0]!.init).toHaveBeenCalledWith({
      onLoad: 'check-sso',
      pkceMethod: 'S256',
      checkLoginIframe: false,
      silentCheckSsoRedirectUri: 'http://localhost:8080/silent-check-sso.html',
      redirectUri: 'http://localhost:8080/',
    });
    expect(result).toEqual({
      claims: {
        id: 'V1StGXR8_Z5jdHi6B-myT',
        email: 'niamh@example.ie',
        username: 'niamh',
        displayName: 'Niamh Byrne',
      },
      returnedFromProvider: false,
    });
  });

  it('knows when the page is the provider callback', async () => {
    const { client } = setup({ url: 'http://localhost:8080/#state=s1&session_state=x&code=c1' });
    await expect(client.init()).resolves.toMatchObject({ returnedFromProvider: true });
    expect(isProviderCallback('http://localhost:8080/#main')).toBe(false);
    expect(isProviderCallback('http://localhost:8080/?state=a&code=b')).toBe(true);
  });

  it('resolves no claims when nobody is signed in, and rejects when the config fails', async () => {
    await expect(setup({ authenticated: false }).client.init()).resolves.toEqual({
      claims: null,
      returnedFromProvider: false,
    });
    await expect(setup({ config: new Error('503') }).client.init()).rejects.toThrow('503');
  });

  it('refreshes with updateToken(30) before handing out a token', async () => {
    const { client, instances } = setup();
    await client.init();
    await expect(client.getToken(30)).resolves.toBe('jwt-2');
    expect(instances[0]!.updateToken).toHaveBeenCalledWith(30);
  });

  it('gives no token when signed out', async () => {
    const { client, instances } = setup({ authenticated: false });
    await client.init();
    await expect(client.getToken(30)).resolves.toBeNull();
    expect(instances[0]!.updateToken).not.toHaveBeenCalled();
  });

  it('drops the tokens and reports the session lost when a refresh fails', async () => {
    const { client, instances } = setup();
    const lost = jest.fn();
    client.onSessionLost(lost);
    await client.init();
    instances[0]!.updateToken.mockRejectedValueOnce(new Error('invalid_grant'));
    await expect(client.getToken(30)).resolves.toBeNull();
    expect(instances[0]!.clearToken).toHaveBeenCalled();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('refreshes when the token expires', async () => {
    const { client, instances } = setup();
    const lost = jest.fn();
    client.onSessionLost(lost);
    await client.init();
    instances[0]!.onTokenExpired!();
    expect(instances[0]!.updateToken).toHaveBeenCalledWith(30);
    instances[0]!.updateToken.mockRejectedValueOnce(new Error('invalid_grant'));
    instances[0]!.onTokenExpired!();
    await Promise.resolve();
    await Promise.resolve();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('logs in and out with redirect /', async () => {
    const { client, instances } = setup();
    await client.init();
    await client.login({ redirectUri: 'http://localhost:8080/' });
    expect(instances[0]!.login).toHaveBeenCalledWith({ redirectUri: 'http://localhost:8080/' });
    await client.logout({ redirectUri: 'http://localhost:8080/' });
    expect(instances[0]!.logout).toHaveBeenCalledWith({ redirectUri: 'http://localhost:8080/' });
  });

  it('opens the registration page for action register (keycloak.register())', async () => {
    const { client, instances } = setup();
    await client.init();
    await client.login({ redirectUri: 'http://localhost:8080/', action: 'register' });
    expect(instances[0]!.login).toHaveBeenCalledWith({
      redirectUri: 'http://localhost:8080/',
      action: 'register',
    });
  });

  it('starts an embedded sign-in in the page: the provider’s redirect to /auth?uid=… gives the uid', async () => {
    const { client, instances, fetchImpl, cancel } = setup({ signedInBefore: false });
    await client.init();
    await expect(client.beginInPage!({ redirectUri: 'http://localhost:8080/' })).resolves.toBe(
      'interaction-1',
    );
    expect(instances[0]!.createLoginUrl).toHaveBeenCalledWith({
      redirectUri: 'http://localhost:8080/',
    });
    expect(instances[0]!.login).not.toHaveBeenCalled();
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://localhost:8080/oidc/auth?state=s1',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(cancel).toHaveBeenCalled();
  });

  it('leaves the sign-in to a redirect when the request does not end on this site’s /auth?uid=…', async () => {
    const redirectUri = 'http://localhost:8080/';
    for (const landedAt of [
      'http://localhost:8080/',
      'http://localhost:8080/oidc/auth?error=x',
      'http://localhost:8080/auth',
      'https://elsewhere.example/auth?uid=interaction-1',
    ]) {
      const { client } = setup({ landedAt });
      await expect(client.beginInPage!({ redirectUri })).resolves.toBeNull();
    }
    const down = setup({ landedAt: new TypeError('Failed to fetch') });
    await expect(down.client.beginInPage!({ redirectUri })).rejects.toThrow('Failed to fetch');
    const keycloak = setup({
      config: { mode: 'keycloak', url: 'https://kc', realm: 'loadout', clientId: 'web' },
    });
    await expect(keycloak.client.beginInPage!({ redirectUri })).resolves.toBeNull();
    expect(keycloak.fetchImpl).not.toHaveBeenCalled();
  });

  it('sets up again on login when start-up failed', async () => {
    let fail = true;
    const instances: FakeKeycloak[] = [];
    const client = createKeycloakAuthClient({
      loadConfig: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve(EMBEDDED)),
      create: () => {
        const kc = fakeKeycloak(false);
        instances.push(kc);
        return Promise.resolve(kc);
      },
      origin: () => 'http://localhost:8080',
      currentUrl: () => 'http://localhost:8080/auth',
      sessionHint: { get: () => true, set: () => undefined },
    });
    await expect(client.init()).rejects.toThrow('down');
    await expect(client.logout({ redirectUri: 'http://localhost:8080/' })).rejects.toThrow();
    fail = false;
    await client.login({ redirectUri: 'http://localhost:8080/' });
    expect(instances).toHaveLength(1);
    expect(instances[0]!.init).toHaveBeenCalledWith(
      expect.not.objectContaining({ onLoad: 'check-sso' }),
    );
    expect(instances[0]!.login).toHaveBeenCalled();
  });
});

describe('withoutSameOriginFrameSandbox (the sign-in check frame)', () => {
  const SANDBOX = 'allow-storage-access-by-user-activation allow-scripts allow-same-origin';

  /** What keycloak-js does for its check-sso frame. */
  const keycloakFrame = (src: string) => {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('src', src);
    iframe.setAttribute('sandbox', SANDBOX);
    iframe.setAttribute('title', 'keycloak-silent-check-sso');
    return iframe;
  };

  it('leaves the sandbox off a frame of this origin, which it could not contain anyway', async () => {
    const frame = await withoutSameOriginFrameSandbox(() =>
      Promise.resolve(keycloakFrame(`${window.location.origin}/oidc/auth?prompt=none`)),
    );
    expect(frame.hasAttribute('sandbox')).toBe(false);
    expect(frame.getAttribute('title')).toBe('keycloak-silent-check-sso');
  });

  it("keeps another origin's frame sandboxed, and touches nothing after start-up", async () => {
    const outside = await withoutSameOriginFrameSandbox(() =>
      Promise.resolve(keycloakFrame('https://keycloak.example/realms/loadout/protocol')),
    );
    expect(outside.getAttribute('sandbox')).toBe(SANDBOX);
    await expect(
      withoutSameOriginFrameSandbox(() => Promise.reject(new Error('provider down'))),
    ).rejects.toThrow('provider down');
    expect(Object.prototype.hasOwnProperty.call(document, 'createElement')).toBe(false);
    expect(keycloakFrame(`${window.location.origin}/x`).getAttribute('sandbox')).toBe(SANDBOX);
  });
});
