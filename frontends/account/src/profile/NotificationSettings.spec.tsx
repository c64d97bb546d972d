import { screen, within } from '@testing-library/react';
import { type AccountSession } from '../use-account-session';
import {
  buildOwnProfile,
  buildSession,
  buildUser,
  errorResponse,
  expectToast,
  installFetch,
  jsonResponse,
  preferencesFetch,
  renderRoutes,
  setupUser,
  type FetchMock,
} from '../test-utils';

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));

let fetchMock: FetchMock;
const prefs = (over: Record<string, unknown> = {}) => ({
  orders: true,
  security: true,
  messages: true,
  favourites: true,
  locked: ['orders', 'security'],
  ...over,
});

beforeEach(() => {
  mockSession = buildSession({ status: 'signed-in', user: buildUser() });
  fetchMock = installFetch();
  fetchMock.mockResolvedValue(jsonResponse(200, buildOwnProfile()));
});

const section = async () =>
  within(await screen.findByRole('form', { name: 'Notification settings' }));

describe('Notification settings on /profile', () => {
  it('shows order and security email as always on, and the optional kinds as saved', async () => {
    preferencesFetch.current.mockResolvedValue(jsonResponse(200, prefs({ favourites: false })));
    renderRoutes('/profile');
    const form = await section();
    expect(screen.getByRole('heading', { name: 'Notification settings' })).toBeInTheDocument();
    expect(form.getByRole('group', { name: 'Email me about' })).toBeInTheDocument();
    for (const locked of ['Orders', 'Account security']) {
      expect(form.getByRole('checkbox', { name: locked })).toBeChecked();
      expect(form.getByRole('checkbox', { name: locked })).toBeDisabled();
    }
    expect(form.getByRole('checkbox', { name: 'New messages' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Favourites on my listings' })).not.toBeChecked();
    expect(form.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();
  });

  it('saves a change with PUT and toasts', async () => {
    const user = setupUser();
    preferencesFetch.current
      .mockResolvedValueOnce(jsonResponse(200, prefs()))
      .mockResolvedValueOnce(jsonResponse(200, prefs({ messages: false })));
    renderRoutes('/profile');
    const form = await section();
    await user.click(form.getByRole('checkbox', { name: 'New messages' }));
    await user.click(form.getByRole('button', { name: 'Save notification settings' }));
    await expectToast('Notification settings saved');
    const [, init] = preferencesFetch.current.mock.calls[1]!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ messages: false, favourites: true });
    expect((await section()).getByRole('checkbox', { name: 'New messages' })).not.toBeChecked();
  });

  it('toasts the reason when saving fails and keeps the choice', async () => {
    const user = setupUser();
    preferencesFetch.current
      .mockResolvedValueOnce(jsonResponse(200, prefs()))
      .mockResolvedValueOnce(errorResponse(503, 'COMMON.UNAVAILABLE', 'Try again shortly'));
    renderRoutes('/profile');
    const form = await section();
    await user.click(form.getByRole('checkbox', { name: 'Favourites on my listings' }));
    await user.click(form.getByRole('button', { name: 'Save notification settings' }));
    await expectToast('Notification settings could not be saved', 'Try again shortly');
    expect(form.getByRole('checkbox', { name: 'Favourites on my listings' })).not.toBeChecked();
  });

  it('shows loading, then an error with a retry', async () => {
    const user = setupUser();
    preferencesFetch.current
      .mockResolvedValueOnce(errorResponse(500, 'COMMON.INTERNAL', 'Something broke'))
      .mockResolvedValueOnce(jsonResponse(200, prefs()));
    renderRoutes('/profile');
    expect(
      await screen.findByRole('status', { name: 'Loading notification settings' }),
    ).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(
      screen.getByRole('heading', { name: 'Your notification settings could not be loaded' }),
    ).toBeInTheDocument();
    await user.click(retry);
    expect((await section()).getByRole('checkbox', { name: 'New messages' })).toBeChecked();
  });
});
