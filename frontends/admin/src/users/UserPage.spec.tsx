import { callsTo, errorResponse, expectToast, mockApi, setupUser } from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { adminUser, renderAdmin } from '../test-utils';

describe('a user', () => {
  it('suspends with a length and a reason, checked before sending', async () => {
    const api = mockApi({
      '/api/v1/admin/users/u1': adminUser(),
      'POST /api/v1/admin/users/u1/suspension': adminUser({
        suspension: { since: '', until: '2026-12-04T10:00:00.000Z', reason: 'Scam listings' },
      }),
    });
    renderAdmin('/admin/users/u1');
    const user = setupUser();
    const form = await screen.findByRole('form', { name: 'Suspend the account' });
    await user.click(within(form).getByRole('button', { name: 'Suspend account' }));
    expect(within(form).getByText('Choose how long.')).toBeInTheDocument();
    expect(within(form).getByText('Give the reason (at least 5 characters).')).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/v1/admin/users/u1/suspension')).toHaveLength(0);

    await user.selectOptions(within(form).getByRole('combobox', { name: /Suspend for/ }), '7d');
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Scam listings');
    await user.click(within(form).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() =>
      expect(callsTo(api, 'POST /api/v1/admin/users/u1/suspension')[0]!.body).toEqual({
        duration: '7d',
        reason: 'Scam listings',
      }),
    );
    await expectToast('Account suspended');
  });

  it('reinstates a suspended account and shows a refusal', async () => {
    const api = mockApi({
      '/api/v1/admin/users/u1': adminUser({
        suspension: { since: '', until: null, reason: 'Fraud' },
      }),
      'DELETE /api/v1/admin/users/u1/suspension': errorResponse(
        503,
        'ADMIN.SERVICE_UNAVAILABLE',
        'Identity is not answering.',
      ),
    });
    renderAdmin('/admin/users/u1');
    const user = setupUser();
    expect(await screen.findByText('Suspended permanently — Fraud')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Reinstate the account' });
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Appeal accepted');
    await user.click(within(form).getByRole('button', { name: 'Reinstate account' }));
    await waitFor(() =>
      expect(callsTo(api, 'DELETE /api/v1/admin/users/u1/suspension')[0]!.body).toEqual({
        reason: 'Appeal accepted',
      }),
    );
    await expectToast('Could not reinstate the account', 'Identity is not answering.');
  });

  it('grants the admin role after a confirmation with a reason', async () => {
    const api = mockApi({
      '/api/v1/admin/users/u1': adminUser(),
      'PUT /api/v1/admin/users/u1/role': adminUser({ role: 'admin' }),
    });
    renderAdmin('/admin/users/u1');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Make admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Sam an admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect(
      within(dialog).getByText('Give the reason (at least 5 characters).'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'New moderator');
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() =>
      expect(callsTo(api, 'PUT /api/v1/admin/users/u1/role')[0]!.body).toEqual({
        role: 'admin',
        reason: 'New moderator',
      }),
    );
  });

  it('offers no suspension or role change on your own account', async () => {
    mockApi({ '/api/v1/admin/users/admin-1': adminUser({ id: 'admin-1', role: 'admin' }) });
    renderAdmin('/admin/users/admin-1');
    expect(await screen.findByText(/This is your account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /admin/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Suspend the account' })).not.toBeInTheDocument();
  });

  it('lists the user’s listings of every status and their purchases or sales', async () => {
    const api = mockApi({
      '/api/v1/admin/users/u1': adminUser(),
      '/api/v1/admin/listings': {
        items: [
          {
            id: 'lst1',
            title: 'Hidden M4',
            priceCents: 25_000,
            status: 'hidden',
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        ],
        nextCursor: null,
        total: 1,
      },
      '/api/v1/admin/orders': (url: URL) => ({
        items:
          url.searchParams.get('role') === 'seller'
            ? [
                {
                  id: 'ord1',
                  status: 'paid',
                  amounts: { totalCents: 10_250 },
                  listing: { title: 'Sold pistol' },
                  createdAt: '2026-11-21T10:00:00.000Z',
                },
              ]
            : [],
        nextCursor: null,
      }),
    });
    renderAdmin('/admin/users/u1');
    const user = setupUser();
    const listings = await screen.findByRole('region', { name: 'Listings' });
    expect(await within(listings).findByRole('link', { name: 'Hidden M4' })).toHaveAttribute(
      'href',
      '/admin/listings?id=lst1',
    );
    expect(within(listings).getByText('Hidden (suspension)')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(await within(orders).findByText('No orders')).toBeInTheDocument();
    await user.selectOptions(within(orders).getByRole('combobox', { name: 'Show' }), 'seller');
    expect(await within(orders).findByRole('link', { name: 'Sold pistol' })).toHaveAttribute(
      'href',
      '/admin/orders?id=ord1',
    );
    const asked = api.mock.calls
      .map(([input]) => new URL(String(input), 'http://loadout.test'))
      .filter(
        (u) => u.pathname === '/api/v1/admin/orders' || u.pathname === '/api/v1/admin/listings',
      );
    expect(
      asked.every((u) => (u.searchParams.get('userId') ?? u.searchParams.get('sellerId')) === 'u1'),
    ).toBe(true);
  });
});
