import {
  CASE_STATUSES,
  REPORT_REASONS,
  REPORT_SUBJECT_TYPES,
  type CaseStatus,
  type CaseSummaryDto,
  type ReportReason,
  type ReportSubjectType,
} from '@loadout/contracts';
import { SelectField } from '@loadout/ui';
import { Link, useCases } from '@loadout/web';
import { REASON_LABELS, STATUS_LABELS, SUBJECT_LABELS, formatAge } from '../admin-format';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminTable } from '../layout/AdminTable';
import { KeysetPager } from '../layout/KeysetPager';
import { QueryState } from '../layout/QueryState';
import { useUrlState } from '../layout/use-url-state';

const ALL = { value: '', label: 'All' };

function CaseTable({ items }: { items: CaseSummaryDto[] }) {
  return (
    <AdminTable
      caption="Moderation cases, oldest first"
      empty={['No cases', 'Nothing matches these filters.']}
      columns={['Case', 'Reasons', 'Reports', 'Waiting', 'Status']}
    >
      {items.map((c) => (
        <tr key={c.id}>
          <th scope="row">
            <Link to={`/admin/cases/${encodeURIComponent(c.id)}`}>
              {SUBJECT_LABELS[c.subjectType]} {c.subjectId}
            </Link>
          </th>
          <td>{c.reasons.map((r) => REASON_LABELS[r]).join(', ')}</td>
          <td>{c.reportCount}</td>
          <td>{formatAge(c.ageSeconds)}</td>
          <td>{STATUS_LABELS[c.status]}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** `/admin/cases`: the queue of reported items (filters and page in the URL). */
export function CasesPage() {
  const url = useUrlState<'status' | 'subjectType' | 'reason'>();
  const status = (url.get('status') ?? 'open') as CaseStatus | 'all';
  const filters = {
    status: status === 'all' ? undefined : status,
    subjectType: url.get('subjectType') as ReportSubjectType | undefined,
    reason: url.get('reason') as ReportReason | undefined,
  };
  const cursor = url.get('cursor');
  const cases = useCases(filters, cursor ?? null);
  return (
    <AdminLayout title="Reports & cases" description="Reported listings, profiles and messages.">
      <form
        className="admin-filters"
        aria-label="Filter cases"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => url.set({ status: e.target.value })}
          options={[
            ...CASE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
            { value: 'all', label: 'All' },
          ]}
        />
        <SelectField
          label="Subject"
          value={filters.subjectType ?? ''}
          onChange={(e) => url.set({ subjectType: e.target.value })}
          options={[
            ALL,
            ...REPORT_SUBJECT_TYPES.map((s) => ({ value: s, label: SUBJECT_LABELS[s] })),
          ]}
        />
        <SelectField
          label="Reason"
          value={filters.reason ?? ''}
          onChange={(e) => url.set({ reason: e.target.value })}
          options={[ALL, ...REPORT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))]}
        />
      </form>
      <QueryState query={cases} label="cases">
        {(page) => (
          <>
            <CaseTable items={page.items} />
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
