import { type AuditEntryDto } from '@loadout/contracts';
import { SelectField } from '@loadout/ui';
import { formatShortDate, useAuditLog } from '@loadout/web';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminTable } from '../layout/AdminTable';
import { KeysetPager } from '../layout/KeysetPager';
import { QueryState } from '../layout/QueryState';
import { useUrlState } from '../layout/use-url-state';

const TARGETS = [
  { value: '', label: 'Everything' },
  { value: 'case', label: 'Cases' },
  { value: 'bug_report', label: 'Bug reports' },
  { value: 'dead_letter', label: 'Dead letters' },
  { value: 'parked_job', label: 'Parked jobs' },
];

function AuditTable({ items }: { items: AuditEntryDto[] }) {
  return (
    <AdminTable
      caption="Admin actions, newest first"
      empty={['Nothing recorded', 'No admin action matches.']}
      columns={['When', 'Who', 'What', 'On', 'Why']}
    >
      {items.map((e) => (
        <tr key={e.id}>
          <td>
            <time dateTime={e.createdAt}>
              {formatShortDate(e.createdAt)} {e.createdAt.slice(11, 16)}
            </time>
          </td>
          <td>{e.actorId}</td>
          <td>{e.action}</td>
          <td className="admin-break">
            {e.targetType} {e.targetId}
          </td>
          <td className="admin-quote">{e.reason ?? '—'}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** `/admin/audit-log`: every admin action (append-only), newest first. */
export function AuditLogPage() {
  const url = useUrlState<'targetType'>();
  const targetType = url.get('targetType');
  const cursor = url.get('cursor');
  const log = useAuditLog({ targetType }, cursor ?? null);
  return (
    <AdminLayout title="Audit log" description="Who did what in the admin area, and why.">
      <form
        className="admin-filters"
        aria-label="Filter the audit log"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label="About"
          value={targetType ?? ''}
          onChange={(e) => url.set({ targetType: e.target.value })}
          options={TARGETS}
        />
      </form>
      <QueryState query={log} label="audit log">
        {(page) => (
          <>
            <AuditTable items={page.items} />
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
