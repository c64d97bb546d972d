import { SIGNED_IN_FLAG_KEY } from '@loadout/web';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { ACCEPTANCE_STORAGE_KEY, createAcceptanceRecord } from '../age-gate/acceptance';
import { resetManifestCache } from '../remotes/remotes-manifest';
import {
  type FakeAuthClient,
  NIAMH,
  fakeAuthClient,
  mockApi,
  testQueryClient,
} from '../test-utils';
import { App } from './App';

jest.mock('../remotes/remote-loader', () => ({
  loadRemoteRoutes: jest.fn(() => Promise.resolve({ status: 'unavailable' })),
}));

const ME = {
  id: NIAMH.id,
  email: NIAMH.email,
  username: NIAMH.username,
  displayName: NIAMH.displayName,
  role: 'user',
};

function mockStack(role = 'user') {
  return mockApi({
    '/remotes.json': { remotes: {} },
    '/api/v1/me': { ...ME, role },
    '/api/v1/notifications': { items: [], unreadCount: 0 },
    '/api/v1/fields/stats': { count: 3 },
  });
}

function renderApp(authClient: FakeAuthClient, path = '/') {
  window.history.replaceState(null, '', path);
  const client = testQueryClient();
  const utils = render(<App queryClient={client} authClient={authClient} />);
  return { client, user: userEvent.setup(), ...utils };
}

beforeAll(() => {
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
  // sonner reads the colour scheme; jsdom has no matchMedia.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});

beforeEach(() => {
  resetManifestCache();
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(ACCEPTANCE_STORAGE_KEY, JSON.stringify(createAcceptanceRecord(Date.now())));
});

describe('App session', () => {
  it('starts signed out without a console error when identity is down', async () => {
    const errors = jest.spyOn(console, 'error');
    mockStack();
    const auth = fakeAuthClient();
    auth.init.mockRejectedValue(new Error('GET /api/v1/auth/config answered 503'));
    renderApp(auth);
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('shows the signed-in header once the profile is read', async () => {
    const api = mockStack();
    renderApp(fakeAuthClient());
    expect(
      await screen.findByRole('button', { name: 'Account menu for Niamh Byrne' }),
    ).toBeInTheDocument();
    const me = api.mock.calls.find(([url]) => url === '/api/v1/me');
    expect(new Headers(me![1]!.headers).get('authorization')).toBe('Bearer access-token');
  });

  it('draws the public home page while the session is still being restored, then reads it again signed in', async () => {
    const api = mockStack();
    const auth = fakeAuthClient();
    let finishInit!: () => void;
    auth.init.mockReturnValue(
      new Promise((resolve) => {
        finishInit = () => resolve({ claims: NIAMH, returnedFromProvider: false });
      }),
    );
    renderApp(auth);
    const fieldStats = () =>
      api.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/fields/stats'));
    // The session has not answered: the page's public figures are already asked for and shown.
    await waitFor(() => expect(fieldStats()).toHaveLength(1));
    expect(new Headers(fieldStats()[0]![1]!.headers).get('authorization')).toBeNull();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    act(() => finishInit());
    expect(
      await screen.findByRole('button', { name: 'Account menu for Niamh Byrne' }),
    ).toBeInTheDocument();
    // Signed in now: what was read without the session is read again, with the token.
    await waitFor(() => expect(fieldStats()).toHaveLength(2));
    expect(new Headers(fieldStats()[1]![1]!.headers).get('authorization')).toBe(
      'Bearer access-token',
    );
  });

  it('says "Welcome back!" once after coming back signed in, and removes the flag', async () => {
    mockStack();
    const success = jest.spyOn(toast, 'success');
    sessionStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    const first = renderApp(fakeAuthClient());
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText("You've successfully signed in.")).toBeInTheDocument();
    expect(sessionStorage.getItem(SIGNED_IN_FLAG_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/');
    first.unmount();

    renderApp(fakeAuthClient());
    await screen.findByRole('button', { name: /^Account menu for/ });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Welcome back!', {
      description: "You've successfully signed in.",
    });
    success.mockRestore();
  });

  it('signs out even when the provider call throws: state cleared, back on /', async () => {
    mockStack();
    const auth = fakeAuthClient();
    auth.logout.mockRejectedValue(new Error('end_session unreachable'));
    const { client, user } = renderApp(auth, '/offers');
    await screen.findByRole('button', { name: /^Account menu for/ });
    client.setQueryData(['orders', 'mine'], [{ id: 'o1' }]);
    client.setQueryData(['remote', 'fields'], { status: 'unavailable' });

    await user.click(screen.getByRole('button', { name: /^Account menu for/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(auth.logout).toHaveBeenCalledWith({ redirectUri: 'http://localhost/' });
    await waitFor(() => expect(auth.clear).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/');
    expect(client.getQueryData(['orders', 'mine'])).toBeUndefined();
    expect(client.getQueryData(['remote', 'fields'])).toBeDefined();
  });

  it('guards /admin: checking, then Access Denied for a user', async () => {
    mockStack('user');
    let finish!: () => void;
    const auth = fakeAuthClient();
    auth.init.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({
              claims: { id: NIAMH.id, email: NIAMH.email, username: 'niamh', displayName: '' },
              returnedFromProvider: false,
            });
        }),
    );
    renderApp(auth, '/admin');
    expect(await screen.findByText('Checking authentication...')).toBeInTheDocument();
    act(() => finish());
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('lets an admin through to the admin area (not available yet)', async () => {
    mockStack('admin');
    const { user } = renderApp(fakeAuthClient(), '/admin');
    expect(
      await screen.findByRole('heading', { name: 'This part of Loadout is not available yet' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Account menu for/ }));
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('redirects signed-out visitors from /admin to /auth', async () => {
    mockStack();
    renderApp(fakeAuthClient(null), '/admin/users');
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
  });
});
