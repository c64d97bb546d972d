import { OFF_PLATFORM_WARNING_TEXT } from '@loadout/contracts';
import { type Session } from '@loadout/web';
import { type ReactElement } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetManifestCache } from '../remotes/remotes-manifest';
import {
  ADMIN,
  NIAMH,
  errorBody,
  jsonResponse,
  mockApi,
  renderWithProviders,
  signedInSession,
  testQueryClient,
} from '../test-utils';
import { applyRealtimeEvent, createSession } from '@loadout/web';
import { Header } from './Header';
import { marketplaceSearchPath } from './SearchBox';

function renderHeader(session: Session = createSession('signed-out')) {
  renderWithProviders(<Header />, { session });
  return userEvent.setup();
}

const MANIFEST_WITH_MESSAGING = {
  remotes: { messaging: { entry: '/remotes/messaging/remoteEntry.js' } },
};

const notification = (id: string, read: boolean, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'other',
  title: `Title ${id}`,
  message: `Message ${id}`,
  read,
  created_at: new Date().toISOString(),
  ...extra,
});

beforeEach(() => {
  resetManifestCache();
  localStorage.clear();
  mockApi({
    '/remotes.json': { remotes: {} },
    '/api/v1/notifications': { items: [], unreadCount: 0 },
  });
});

describe('marketplaceSearchPath', () => {
  it('trims and encodes the text, ignoring blanks', () => {
    expect(marketplaceSearchPath('  m4 carbine ')).toBe('/marketplace?search=m4%20carbine');
    expect(marketplaceSearchPath('   ')).toBeNull();
    expect(marketplaceSearchPath('')).toBeNull();
  });
});

describe('Header (signed out)', () => {
  it('links the logo, nav and account actions', () => {
    renderHeader();
    const expected: Array<[string, string]> = [
      ['Loadout', '/'],
      ['Marketplace', '/marketplace'],
      ['Field List', '/fields'],
      ['FPS Calculator', '/fps-calculator'],
      ['Sign In', '/auth'],
      ['Register', '/auth?tab=signup'],
    ];
    for (const [name, href] of expected) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.queryByRole('link', { name: 'Sell Item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it('submits a trimmed search to the marketplace', async () => {
    const user = renderHeader();
    await user.type(
      screen.getByRole('combobox', { name: 'Search listings' }),
      '  gbb pistol {Enter}',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/marketplace?search=gbb%20pistol');
  });

  it('shows the search being looked at on the results page', () => {
    renderWithProviders(<Header />, {
      session: createSession('signed-out'),
      path: '/marketplace?search=tokyo%20marui&sort=price_asc',
    });
    expect(screen.getByRole('combobox', { name: 'Search listings' })).toHaveValue('tokyo marui');
  });

  it('ignores an empty search', async () => {
    const user = renderHeader();
    await user.type(screen.getByRole('combobox', { name: 'Search listings' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('Header (session states)', () => {
  it('shows no account actions while the session loads', () => {
    renderHeader(createSession('loading'));
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sell Item' })).not.toBeInTheDocument();
  });

  it('switches to Sell Item, messages, notifications and the user menu when signed in', () => {
    renderHeader(signedInSession());
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell Item' })).toHaveAttribute('href', '/sell');
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu for Niamh Byrne' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );
  });
});

describe('Header unread badges', () => {
  it('shows "9+" above 9 for notifications and messages', async () => {
    mockApi({
      '/remotes.json': MANIFEST_WITH_MESSAGING,
      '/api/v1/notifications': { items: [], unreadCount: 12 },
      '/api/v1/conversations/unread-count': { count: 10 },
    });
    renderHeader(signedInSession());
    const bell = await screen.findByRole('button', { name: 'Notifications, 9+ unread' });
    expect(bell).toHaveTextContent('9+');
    const messages = await screen.findByRole('link', { name: 'Messages, 9+ unread' });
    expect(messages).toHaveTextContent('9+');
  });

  it('shows the exact count up to 9', async () => {
    mockApi({
      '/remotes.json': MANIFEST_WITH_MESSAGING,
      '/api/v1/notifications': { items: [], unreadCount: 9 },
      '/api/v1/conversations/unread-count': { count: 3 },
    });
    renderHeader(signedInSession());
    expect(
      await screen.findByRole('button', { name: 'Notifications, 9 unread' }),
    ).toHaveTextContent('9');
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toHaveTextContent('3');
  });

  it('shows no message badge and logs nothing when messaging answers 503', async () => {
    const errors = jest.spyOn(console, 'error');
    const api = mockApi({
      '/remotes.json': MANIFEST_WITH_MESSAGING,
      '/api/v1/notifications': { items: [], unreadCount: 0 },
      '/api/v1/conversations/unread-count': jsonResponse(
        503,
        errorBody('GATEWAY.UPSTREAM_UNAVAILABLE'),
      ),
    });
    renderHeader(signedInSession());
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => url === '/api/v1/conversations/unread-count')).toBe(
        true,
      ),
    );
    await act(() => Promise.resolve());
    expect(screen.getByRole('link', { name: 'Messages' })).not.toHaveTextContent(/\d/);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('does not ask for unread messages while the messaging area is not deployed', async () => {
    const api = mockApi({
      '/remotes.json': { remotes: {} },
      '/api/v1/notifications': { items: [], unreadCount: 0 },
    });
    renderHeader(signedInSession());
    await waitFor(() => expect(api).toHaveBeenCalledWith('/remotes.json', expect.anything()));
    await act(() => Promise.resolve());
    expect(api.mock.calls.map(([url]) => url)).not.toContain('/api/v1/conversations/unread-count');
  });
});

describe('Header user menu', () => {
  const menuButton = () => screen.getByRole('button', { name: /^Account menu for/ });

  it('lists the account pages; no Admin Dashboard for users', async () => {
    const user = renderHeader(signedInSession(NIAMH));
    await user.click(menuButton());
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'My Profile',
      'My Purchases',
      'My Sales',
      'Offers',
      'Favorites',
      'Disputes',
      'Sign Out',
    ]);
    const hrefs: Array<[string, string]> = [
      ['My Profile', '/profile'],
      ['My Purchases', '/buyer-dashboard'],
      ['My Sales', '/seller-dashboard'],
      ['Offers', '/offers'],
      ['Favorites', '/favorites'],
      ['Disputes', '/disputes'],
    ];
    for (const [name, href] of hrefs) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
  });

  it('adds Admin Dashboard for admins', async () => {
    const user = renderHeader(signedInSession(ADMIN));
    await user.click(screen.getByRole('button', { name: 'Account menu for Aoife Admin' }));
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('works from the keyboard: arrows, Escape and focus return, Enter navigates', async () => {
    const user = renderHeader(signedInSession());
    menuButton().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Sales' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'My Purchases' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/disputes');
    expect(menuButton()).toHaveFocus();
  });

  it('signs out and goes to /', async () => {
    const logout = jest.fn(() => Promise.resolve());
    renderWithProviders(<Header />, {
      session: signedInSession(NIAMH, { logout }),
      path: '/offers',
    });
    const user = userEvent.setup();
    await user.click(menuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('Header notifications', () => {
  it('says "No notifications yet" when there are none', async () => {
    const user = renderHeader(signedInSession());
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('opening the bell marks what it shows as seen: the badge clears, the items stay "New" while open', async () => {
    let items = [
      notification('n1', false, { navigateTo: '/buyer-dashboard' }),
      notification('n2', true),
    ];
    const api = mockApi({
      '/remotes.json': { remotes: {} },
      '/api/v1/notifications': () =>
        jsonResponse(200, { items, unreadCount: items.filter((n) => !n.read).length }),
      'POST /api/v1/notifications/seen': (init?: RequestInit) => {
        const { ids } = JSON.parse(String(init?.body)) as { ids: string[] };
        items = items.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n));
        return jsonResponse(200, { count: items.filter((n) => !n.read).length });
      },
    });
    const user = renderHeader(signedInSession());
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(api.mock.calls.map(([url]) => url)).toContain('/api/v1/notifications?limit=10');
    const seen = api.mock.calls.filter(([url]) => url === '/api/v1/notifications/seen');
    expect(seen).toHaveLength(1);
    expect(JSON.parse(String(seen[0]![1]?.body))).toEqual({ ids: ['n1'] });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    // Still told apart from the old one until the bell closes.
    expect(within(panel).getByRole('button', { name: /^New: Title n1/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Title n2/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Notifications' })).getByRole('button', {
        name: /^Title n1/,
      }),
    ).toBeInTheDocument();
    // Nothing new to mark the second time.
    expect(api.mock.calls.filter(([url]) => url === '/api/v1/notifications/seen')).toHaveLength(1);
  });

  it('asks to mark seen once per opening, even when the service refuses', async () => {
    const api = mockApi({
      '/remotes.json': { remotes: {} },
      '/api/v1/notifications': { items: [notification('n1', false)], unreadCount: 1 },
      // The service refuses: the bell must not ask again on every refetch.
      'POST /api/v1/notifications/seen': jsonResponse(503, errorBody('COMMON.UNAVAILABLE')),
    });
    const user = renderHeader(signedInSession());
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await waitFor(() =>
      expect(
        api.mock.calls.filter(([url]) => url.startsWith('/api/v1/notifications?')).length,
      ).toBe(2),
    );
    const seen = api.mock.calls.filter(([url]) => url === '/api/v1/notifications/seen');
    expect(seen.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ ids: ['n1'] }]);
    // The refused request leaves it unread on the server: the refetch brings the badge back.
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
  });

  it("follows an item's target on click and closes the bell", async () => {
    const api = mockApi({
      '/remotes.json': { remotes: {} },
      '/api/v1/notifications': {
        items: [notification('n1', true, { navigateTo: '/buyer-dashboard' })],
        unreadCount: 0,
      },
    });
    const user = renderHeader(signedInSession());
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('button', { name: /^Title n1/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/buyer-dashboard');
    expect(api.mock.calls.some(([url]) => url.includes('/read'))).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers "Mark all read" when any are unread beyond those shown', async () => {
    const api = mockApi({
      '/remotes.json': { remotes: {} },
      '/api/v1/notifications': {
        items: [notification('n1', false), notification('n2', false)],
        unreadCount: 14,
      },
      'POST /api/v1/notifications/seen': { count: 12 },
      'POST /api/v1/notifications/read-all': { count: 0 },
    });
    const user = renderHeader(signedInSession());
    await user.click(await screen.findByRole('button', { name: 'Notifications, 9+ unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(api).toHaveBeenCalledWith(
      '/api/v1/notifications/read-all',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('warns on the bell item and the toast of a message asking for payment outside Loadout', async () => {
    const { toast } = jest.requireMock<{ toast: jest.Mock }>('sonner');
    toast.mockClear();
    let items = [notification('n1', true)];
    mockApi({
      '/remotes.json': { remotes: {} },
      '/api/v1/notifications': () =>
        jsonResponse(200, { items, unreadCount: items.filter((n) => !n.read).length }),
      'POST /api/v1/notifications/seen': { count: 0 },
    });
    const client = testQueryClient();
    const user = userEvent.setup();
    renderWithProviders(<Header />, { session: signedInSession(), client });
    await waitFor(() => expect(client.getQueryData(['notifications', NIAMH.id])).toBeDefined());
    items = [
      notification('n2', false, { type: 'new_message', offPlatformWarning: true }),
      ...items,
    ];
    act(() => applyRealtimeEvent(client, NIAMH.id, { type: 'notifications.changed' }));
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    const [, options] = toast.mock.calls[0] as [string, { description: ReactElement }];
    const description = render(options.description);
    expect(description.container).toHaveTextContent(
      `Message n2Warning: ${OFF_PLATFORM_WARNING_TEXT}`,
    );
    description.unmount();

    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByRole('button', { name: /^New: Title n2/ })).toHaveTextContent(
      `Warning: ${OFF_PLATFORM_WARNING_TEXT}`,
    );
    expect(within(panel).getByRole('button', { name: /^Title n1/ })).not.toHaveTextContent(
      'Warning',
    );
  });

  it('refreshes every 30 seconds and stops when the service is missing', async () => {
    jest.useFakeTimers();
    try {
      let answer = jsonResponse(200, { items: [], unreadCount: 0 });
      const api = mockApi({
        '/remotes.json': { remotes: {} },
        '/api/v1/notifications': () => answer,
      });
      const calls = () =>
        api.mock.calls.filter(([url]) => url.startsWith('/api/v1/notifications')).length;
      renderWithProviders(<Header />, { session: signedInSession() });
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(calls()).toBe(1);
      await act(() => jest.advanceTimersByTimeAsync(29_000));
      expect(calls()).toBe(1);
      answer = jsonResponse(404, errorBody('COMMON.NOT_FOUND'));
      await act(() => jest.advanceTimersByTimeAsync(1_000));
      expect(calls()).toBe(2);
      await act(() => jest.advanceTimersByTimeAsync(90_000));
      expect(calls()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('never toasts what was there when the page opened, on load or after a navigation', async () => {
    const { toast } = jest.requireMock<{ toast: jest.Mock }>('sonner');
    toast.mockClear();
    mockApi({
      '/remotes.json': { remotes: {} },
      '/api/v1/notifications': {
        items: [notification('n1', true), notification('n2', false), notification('n3', false)],
        unreadCount: 2,
      },
    });
    const client = testQueryClient();
    const first = renderWithProviders(<Header />, { session: signedInSession(), client });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
    first.unmount();
    // The header drawn again in the same page (a navigation), and a fresh page (a reload).
    renderWithProviders(<Header />, { session: signedInSession(), client });
    await act(() => client.invalidateQueries({ queryKey: ['notifications', NIAMH.id] }));
    renderWithProviders(<Header />, { session: signedInSession() });
    await screen.findAllByRole('button', { name: 'Notifications, 2 unread' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts a notification that arrives while the page is open, once, and updates the badge live', async () => {
    const { toast } = jest.requireMock<{ toast: jest.Mock }>('sonner');
    toast.mockClear();
    let items = [notification('n1', false)];
    mockApi({
      '/remotes.json': { remotes: {} },
      '/api/v1/notifications': () =>
        jsonResponse(200, { items, unreadCount: items.filter((n) => !n.read).length }),
    });
    const client = testQueryClient();
    renderWithProviders(<Header />, { session: signedInSession(), client });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    items = [notification('n2', false, { navigateTo: '/messages/c1' }), ...items];
    // What the `/ws` frame does (applyRealtimeEvent), with no navigation and no 30 s wait.
    act(() => applyRealtimeEvent(client, NIAMH.id, { type: 'notifications.changed' }));
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(
      'Title n2',
      expect.objectContaining({ id: 'notification-n2', description: 'Message n2' }),
    );
    await act(() => client.invalidateQueries({ queryKey: ['notifications', NIAMH.id] }));
    expect(toast).toHaveBeenCalledTimes(1);
  });
});

jest.mock('sonner', () => ({ toast: Object.assign(jest.fn(), { success: jest.fn() }) }));
