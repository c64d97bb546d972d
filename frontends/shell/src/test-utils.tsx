import {
  type AuthClaims,
  type AuthClient,
  type AuthInitResult,
  type Session,
  type SessionUser,
  SessionProvider,
  createSession,
  MemoryRouter,
  Route,
  Routes,
} from '@loadout/web';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement } from 'react';
import { Where, jsonResponse, testQueryClient } from '@loadout/web/testing';

export { Where, jsonResponse, testQueryClient } from '@loadout/web/testing';

export interface RenderOptions {
  path?: string;
  session?: Session;
  client?: QueryClient;
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', session, client = testQueryClient() }: RenderOptions = {},
) {
  const tree = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return {
    client,
    ...render(session ? <SessionProvider value={session}>{tree}</SessionProvider> : tree),
  };
}

export const errorBody = (code: string, message = 'Unavailable') => ({
  code,
  message,
  requestId: 'req-1',
});

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Installs a fetch mock answering by "METHOD /path" (query string ignored, GET by default);
 * anything else answers 404. Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, Handler | Response | unknown>) {
  const fetchMock = jest.fn((input: string, init?: RequestInit) => {
    const url = String(input);
    const pathname = url.split('?')[0]!;
    const method = (init?.method ?? 'GET').toUpperCase();
    const route =
      routes[`${method} ${pathname}`] ?? (method === 'GET' ? routes[pathname] : undefined);
    if (route === undefined) {
      return Promise.resolve(jsonResponse(404, errorBody('COMMON.NOT_FOUND', 'Not found')));
    }
    if (typeof route === 'function') return Promise.resolve((route as Handler)(init, url));
    if (route && typeof route === 'object' && 'status' in route && 'ok' in route) {
      return Promise.resolve(route as Response);
    }
    return Promise.resolve(jsonResponse(200, route));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export const NIAMH: SessionUser = {
  id: 'V1StGXR8_Z5jdHi6B-myT',
  email: 'niamh@example.ie',
  username: 'niamh',
  displayName: 'Niamh Byrne',
  roles: ['user'],
};

export const ADMIN: SessionUser = {
  ...NIAMH,
  displayName: 'Aoife Admin',
  roles: ['user', 'admin'],
};

export const signedInSession = (user: SessionUser = NIAMH, actions: Partial<Session> = {}) =>
  createSession(user, actions);

export interface FakeAuthClient extends AuthClient {
  init: jest.Mock<Promise<AuthInitResult>, []>;
  login: jest.Mock<Promise<void>, [{ redirectUri: string }]>;
  logout: jest.Mock<Promise<void>, [{ redirectUri: string }]>;
  getToken: jest.Mock<Promise<string | null>, [number]>;
  clear: jest.Mock<void, []>;
  loseSession(): void;
}

export const CLAIMS: AuthClaims = {
  id: NIAMH.id,
  email: NIAMH.email,
  username: NIAMH.username,
  displayName: NIAMH.displayName,
};

/** A fake of the AuthClient port: signed in with CLAIMS unless `claims` is null. */
export function fakeAuthClient(
  claims: AuthClaims | null = CLAIMS,
  returnedFromProvider = false,
): FakeAuthClient {
  const lost = new Set<() => void>();
  return {
    init: jest.fn(() => Promise.resolve({ claims, returnedFromProvider })),
    login: jest.fn((_options: { redirectUri: string }) => Promise.resolve()),
    logout: jest.fn((_options: { redirectUri: string }) => Promise.resolve()),
    getToken: jest.fn((_minValidity: number) =>
      Promise.resolve<string | null>(claims ? 'access-token' : null),
    ),
    clear: jest.fn(),
    onSessionLost(listener) {
      lost.add(listener);
      return () => lost.delete(listener);
    },
    loseSession() {
      for (const listener of lost) listener();
    },
  };
}
