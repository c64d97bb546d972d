import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Fragment, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { type OwnProfile, type PublicProfile } from './api/account.types';
import { type AuthConfig } from './api/auth-config';
import { AccountRoutes } from './routes';
import { type AccountSession, type AccountUser } from './session';

/** Renders the remote's routes at `path`; `Wrapper` (e.g. StrictMode) goes around them. */
export function renderRoutes(
  path: string,
  Wrapper: (props: { children: ReactNode }) => ReactNode = Fragment,
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <Wrapper>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AccountRoutes />
          <Where />
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </Wrapper>,
  );
  return { ...view, client };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export const where = () => screen.getByTestId('where').textContent;

/** The toasts (sonner) with this title, newest first. */
function toastsTitled(title: string): HTMLElement[] {
  return screen
    .queryAllByText(title, { selector: '[data-title]' })
    .map((el) => el.closest<HTMLElement>('[data-sonner-toast]'))
    .filter((el): el is HTMLElement => el !== null);
}

/**
 * Waits for a toast with this title (and description). sonner keeps toasts in module state, so
 * toasts of earlier tests may still be listed: any match counts, the first one is returned.
 */
export async function expectToast(title: string, description?: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = toastsTitled(title).find(
      (toast) =>
        description === undefined ||
        within(toast).queryByText(description, { selector: '[data-description]' }) !== null,
    );
    expect(found).toBeDefined();
  });
  return found!;
}

export function jsonResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => null },
    text: () => Promise.resolve(text),
  } as unknown as Response;
}

export function errorResponse(status: number, code: string, message: string, details?: unknown) {
  return jsonResponse(status, { code, message, requestId: `req-${status}`, details });
}

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit?]>;

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
        : fetchMock(url, init)) as unknown as typeof fetch;
  return fetchMock;
}

/**
 * The profile page's notification settings call the notifications service; they are answered
 * here (everything on unless a test says otherwise) so profile tests count only their own calls.
 */
export const preferencesFetch: { current: FetchMock } = { current: jest.fn() };

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
    refresh: jest.fn(() => Promise.resolve()),
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
export const setupUser = () => userEvent.setup({ delay: null });
