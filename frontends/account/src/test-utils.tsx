import { act } from '@testing-library/react';
import { type ReactNode } from 'react';
import { jsonResponse, renderRemote, type FetchMock } from '@loadout/web/testing';
import { type AuthConfig, type OwnProfile, type PublicProfile } from '@loadout/contracts';
import { AccountRoutes } from './routes';
import { type AccountSession, type AccountUser } from './use-account-session';

export {
  errorResponse,
  expectToast,
  jsonResponse,
  setupUser,
  where,
  type FetchMock,
} from '@loadout/web/testing';

/** Renders the remote's routes at `path`; `wrapper` (e.g. StrictMode) goes around them. */
export const renderRoutes = (
  path: string,
  wrapper?: (props: { children: ReactNode }) => ReactNode,
) => renderRemote(<AccountRoutes />, path, { wrapper });

/** What `GET /api/v1/auth/config` answers in tests: embedded unless a test says otherwise. */
export const testAuthConfig: { current: AuthConfig } = {
  current: { mode: 'embedded', issuer: 'http://localhost/oidc', clientId: 'loadout-web' },
};

/**
 * A fetch mock for the API calls under test. The provider config (read by the pages that
 * differ in Keycloak mode) is answered from `testAuthConfig` and not recorded.
 */
export function installFetch(): FetchMock {
  const fetchMock: FetchMock = jest.fn();
  addressesFetch.current = jest.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(jsonResponse(200, { items: [] })),
  );
  preferencesFetch.current = jest.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      jsonResponse(200, {
        orders: true,
        security: true,
        messages: true,
        favourites: true,
        locked: ['orders', 'security'],
      }),
    ),
  );
  globalThis.fetch = ((url: string, init?: RequestInit) =>
    url === '/api/v1/auth/config'
      ? Promise.resolve(jsonResponse(200, testAuthConfig.current))
      : url === '/api/v1/notifications/preferences'
        ? preferencesFetch.current(url, init)
        : url.startsWith('/api/v1/me/addresses')
          ? addressesFetch.current(url, init)
          : fetchMock(url, init)) as unknown as typeof fetch;
  return fetchMock;
}

/**
 * The profile page's notification settings call the notifications service; they are answered
 * here (everything on unless a test says otherwise) so profile tests count only their own calls.
 */
export const preferencesFetch: { current: FetchMock } = { current: jest.fn() };

/**
 * The profile page's address book calls identity's `/api/v1/me/addresses`; answered here
 * (an empty book unless a test says otherwise) so profile tests count only their own calls.
 */
export const addressesFetch: { current: FetchMock } = { current: jest.fn() };

/** The JSON body sent by the nth fetch call. */
export function sentJson(fetchMock: FetchMock, call = 0): unknown {
  const body = fetchMock.mock.calls[call]?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

export function buildUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id: 'u_000000000000000001a',
    email: 'niamh@example.ie',
    username: 'niamh.ob',
    displayName: 'Niamh',
    roles: ['user'],
    ...overrides,
  };
}

export function buildSession(overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    status: 'signed-out',
    user: null,
    login: jest.fn(() => Promise.resolve()),
    beginSignIn: jest.fn(() => Promise.resolve<string | null>(null)),
    refresh: jest.fn(() => Promise.resolve()),
    logout: jest.fn(() => Promise.resolve()),
    ...overrides,
  };
}

export function buildOwnProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 'u_000000000000000001a',
    email: 'niamh@example.ie',
    username: 'niamh.ob',
    displayName: 'Niamh',
    fullName: "Niamh O'Brien",
    bio: '',
    location: '',
    county: null,
    avatarUrl: null,
    sellerType: 'private',
    isVerified: true,
    role: 'user',
    createdAt: '2025-03-14T10:00:00Z',
    updatedAt: '2025-03-14T10:00:00Z',
    ...overrides,
  };
}

export function buildPublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'u_000000000000000002b',
    username: 'cork.sniper',
    displayName: 'Ciarán',
    bio: 'Woodland player, mostly bolt-action.',
    location: 'Mallow',
    county: 'Cork',
    sellerType: 'trader',
    avatarUrl: null,
    createdAt: '2024-11-02T09:00:00Z',
    ...overrides,
  };
}

/** Lets pending promises (fetch mocks, query updates) settle. */
export async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** user-event without the pause between keystrokes. */
