import { createSession } from '@loadout/web';
import { screen, waitFor } from '@testing-library/react';
import {
  BUYER,
  buildSummary,
  calledUrls,
  jsonResponse,
  mockApi,
  page,
  renderRoutes,
  setupUser,
} from '../test-utils';

describe('FavoritesPage', () => {
  it('asks a signed-out visitor to sign in, and comes back here', async () => {
    const user = setupUser();
    const login = jest.fn(() => Promise.resolve());
    const fetchMock = mockApi({});
    renderRoutes('/favorites', { session: createSession('signed-out', { login }) });
    expect(
      screen.getByRole('heading', { name: 'Sign in to see your favourites' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(login).toHaveBeenCalledWith({ redirectTo: '/favorites' });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/auth?tab=signup',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says why when sign-in cannot start', async () => {
    const user = setupUser();
    const login = jest.fn(() => Promise.reject(new Error('The sign-in service is unreachable.')));
    mockApi({});
    renderRoutes('/favorites', { session: createSession('signed-out', { login }) });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in service is unreachable.',
    );
  });

  it('lists the favourites, loads more with the cursor and unfavourites in place', async () => {
    const user = setupUser();
    const first = buildSummary({ title: 'Saved vest' });
    const second = buildSummary({ title: 'Saved scope' });
    const ids = new Set([first.id, second.id]);
    const fetchMock = mockApi({
      '/api/v1/favorites': (url: URL) =>
        url.searchParams.get('cursor') === 'f2' ? page([second], null, 2) : page([first], 'f2', 2),
      '/api/v1/favorites/ids': () => ({ ids: [...ids] }),
      [`DELETE /api/v1/favorites/${first.id}`]: () => {
        ids.delete(first.id);
        return jsonResponse(200, { listingId: first.id, favorite: false, favoriteCount: 0 });
      },
    });
    renderRoutes('/favorites', { session: createSession(BUYER) });
    expect(await screen.findByText(/^2 saved listings/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Saved scope' })).toBeInTheDocument();

    const heart = screen.getByRole('button', { name: 'Favourite Saved vest' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(calledUrls(fetchMock).some((u) => u === `/api/v1/favorites/${first.id}`)).toBe(true),
    );
    // The card stays (to undo) and the list is not fetched again while the page is open.
    expect(screen.getByRole('link', { name: 'Saved vest' })).toBeInTheDocument();
    expect(calledUrls(fetchMock).filter((u) => u.startsWith('/api/v1/favorites?'))).toEqual([
      '/api/v1/favorites?limit=24',
      '/api/v1/favorites?cursor=f2&limit=24',
    ]);
  });

  it('links an empty list to the marketplace', async () => {
    mockApi({ '/api/v1/favorites': page([]), '/api/v1/favorites/ids': { ids: [] } });
    renderRoutes('/favorites', { session: createSession(BUYER) });
    expect(await screen.findByRole('heading', { name: 'No favourites yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });
});
