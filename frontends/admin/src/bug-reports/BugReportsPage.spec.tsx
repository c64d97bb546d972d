import { type BugReportDto } from '@loadout/contracts';
import { callsTo, mockApi, setupUser, where } from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../test-utils';

const report = (over: Partial<BugReportDto> = {}): BugReportDto => ({
  id: 'bug1',
  description: 'Photos do not upload',
  severity: 'high',
  email: 'visitor@example.ie',
  reporterId: null,
  pageUrl: 'http://localhost:8080/sell',
  userAgent: 'UA',
  status: 'open',
  createdAt: new Date().toISOString(),
  closedAt: null,
  ...over,
});

describe('bug reports', () => {
  it('lists open reports, closes one, filters by status in the URL', async () => {
    const api = mockApi({
      '/api/v1/admin/bug-reports': { items: [report()], nextCursor: null },
      'PATCH /api/v1/admin/bug-reports/bug1': report({ status: 'closed' }),
    });
    renderAdmin('/admin/bug-reports');
    const user = setupUser();
    const row = (await screen.findByText('Photos do not upload')).closest('tr')!;
    expect(within(row).getByText('visitor@example.ie')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Close bug report bug1' }));
    await waitFor(() =>
      expect(callsTo(api, 'PATCH /api/v1/admin/bug-reports/bug1')[0]!.body).toEqual({
        status: 'closed',
      }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(where()).toBe('/admin/bug-reports?status=closed');
  });
});
