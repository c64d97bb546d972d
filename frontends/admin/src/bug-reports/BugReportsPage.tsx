import {
  BUG_REPORT_STATUSES,
  BUG_SEVERITIES,
  type BugReportDto,
  type BugReportStatus,
  type BugSeverity,
} from '@loadout/contracts';
import { Badge, Button, SelectField } from '@loadout/ui';
import { relativeTime, useBugReports, useUpdateBugReport } from '@loadout/web';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminTable } from '../layout/AdminTable';
import { KeysetPager } from '../layout/KeysetPager';
import { QueryState } from '../layout/QueryState';
import { useUrlState } from '../layout/use-url-state';
import { failedTo } from '../layout/failure-toast';

const SEVERITY_TONE = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  critical: 'danger',
} as const;

function StatusButton({ report }: { report: BugReportDto }) {
  const update = useUpdateBugReport();
  const next: BugReportStatus = report.status === 'open' ? 'closed' : 'open';
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={update.isPending}
      onClick={() =>
        update.mutate(
          { id: report.id, status: next },
          {
            onError: failedTo('update the bug report'),
          },
        )
      }
    >
      {next === 'closed' ? 'Close' : 'Reopen'}
      <span className="lo-visually-hidden"> bug report {report.id}</span>
    </Button>
  );
}

function BugTable({ items }: { items: BugReportDto[] }) {
  return (
    <AdminTable
      caption="Bug reports, newest first"
      empty={['No bug reports', 'Nothing matches these filters.']}
      columns={['Description', 'Severity', 'From', 'Page', 'Received', 'Status']}
    >
      {items.map((r) => (
        <tr key={r.id}>
          <td className="admin-quote">{r.description}</td>
          <td>
            <Badge tone={SEVERITY_TONE[r.severity]}>{r.severity}</Badge>
          </td>
          <td>{r.email ?? r.reporterId ?? '—'}</td>
          <td className="admin-break">{r.pageUrl ?? '—'}</td>
          <td>
            <time dateTime={r.createdAt}>{relativeTime(r.createdAt)}</time>
          </td>
          <td>
            {r.status === 'open' ? 'Open' : 'Closed'} <StatusButton report={r} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** `/admin/bug-reports`: what users reported with "Report a Bug", open or closed. */
export function BugReportsPage() {
  const url = useUrlState<'status' | 'severity'>();
  const status = (url.get('status') ?? 'open') as BugReportStatus | 'all';
  const severity = url.get('severity') as BugSeverity | undefined;
  const cursor = url.get('cursor');
  const reports = useBugReports(
    { status: status === 'all' ? undefined : status, severity },
    cursor ?? null,
  );
  return (
    <AdminLayout title="Bug reports" description="Bugs reported from the site.">
      <form
        className="admin-filters"
        aria-label="Filter bug reports"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => url.set({ status: e.target.value })}
          options={[
            ...BUG_REPORT_STATUSES.map((s) => ({
              value: s,
              label: s === 'open' ? 'Open' : 'Closed',
            })),
            { value: 'all', label: 'All' },
          ]}
        />
        <SelectField
          label="Severity"
          value={severity ?? ''}
          onChange={(e) => url.set({ severity: e.target.value })}
          options={[
            { value: '', label: 'All' },
            ...BUG_SEVERITIES.map((s) => ({ value: s, label: s })),
          ]}
        />
      </form>
      <QueryState query={reports} label="bug reports">
        {(page) => (
          <>
            <BugTable items={page.items} />
            <KeysetPager
              cursor={cursor}
              nextCursor={page.nextCursor}
              onPage={(next) => url.set({ cursor: next })}
            />
          </>
        )}
      </QueryState>
    </AdminLayout>
  );
}
