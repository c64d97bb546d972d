import { callsTo, mockApi, setupUser, where } from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { adminUser, renderAdmin } from '../test-utils';

describe('users', () => {
  it('searches with the query in the URL and pages on with the cursor', async () => {
    const api = mockApi({
      '/api/v1/admin/users': (url: URL) =>
        url.searchParams.get('cursor')
          ? { items: [adminUser({ id: 'u3', displayName: 'Older' })], nextCursor: null }
          : {
              items: [
                adminUser(),
                adminUser({
                  id: 'u2',
                  displayName: 'Banned',
                  suspension: { since: '', until: '2026-12-04T10:00:00.000Z', reason: 'Scam' },
                }),
              ],
              nextCursor: 'c1',
            },
    });
    renderAdmin('/admin/users');
    const user = setupUser();
    const row = (await screen.findByRole('link', { name: 'Sam' })).closest('tr')!;
    expect(within(row).getByText('sam@example.ie')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Suspended until 4 December 2026')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Email, username or name' }), 'sam');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(where()).toBe('/admin/users?q=sam');
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('q') === 'sam',
        ),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Older' })).toBeInTheDocument();
    expect(where()).toBe('/admin/users?q=sam&cursor=c1');
    expect(callsTo(api, 'GET /api/v1/admin/users').length).toBeGreaterThanOrEqual(2);
  });
});
