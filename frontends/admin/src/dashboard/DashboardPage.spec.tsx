import { type AdminStatsDto } from '@loadout/contracts';
import { errorResponse, mockApi } from '@loadout/web/testing';
import { screen, within } from '@testing-library/react';
import { renderAdmin } from '../test-utils';

const stats: AdminStatsDto = {
  users: { total: 42, newThisWeek: 5 },
  listings: { active: 17 },
  orders: { byState: { paid: 2, shipped: 1, completed: 9 } },
  money: {
    gmvThisMonthCents: 123_450,
    feesThisMonthCents: 3_086,
    heldCents: 41_820,
    ledgerOk: true,
  },
  reports: { open: 3 },
  series: {
    signupsByDay: [
      { day: '2026-11-24', count: 2 },
      { day: '2026-11-25', count: 3 },
    ],
    ordersByDay: [{ day: '2026-11-25', count: 3, gmvCents: 60_000 }],
  },
};

describe('the admin dashboard', () => {
  it('shows the figures and the charts’ numbers', async () => {
    mockApi({ '/api/v1/admin/stats': stats });
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('5 new this week')).toBeInTheDocument();
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    expect(screen.getByText('€418.20')).toBeInTheDocument();
    expect(screen.getByText('Ledger balanced.')).toBeInTheDocument();
    const byState = screen.getByRole('table', { name: 'Orders by state' });
    expect(within(byState).getByRole('rowheader', { name: 'Completed' })).toBeInTheDocument();
    const signups = screen.getByRole('table', { name: 'Sign-ups, last 14 days' });
    expect(within(signups).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
  });

  it('says when orders does not answer, and offers a retry when the figures fail', async () => {
    mockApi({
      '/api/v1/admin/stats': {
        ...stats,
        money: { ...stats.money, heldCents: null, ledgerOk: null },
      },
    });
    const { unmount } = renderAdmin('/admin');
    expect(await screen.findByText('Unavailable')).toBeInTheDocument();
    expect(screen.getByText('The orders service did not answer.')).toBeInTheDocument();
    unmount();
    mockApi({ '/api/v1/admin/stats': errorResponse(503, 'X', 'Down for a moment') });
    renderAdmin('/admin');
    expect(await screen.findByText('Down for a moment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
