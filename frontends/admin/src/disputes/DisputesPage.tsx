import {
  DISPUTE_STATUSES,
  type DisputeOrigin,
  type DisputeStatus,
  type DisputeView,
} from '@loadout/contracts';
import { SelectField } from '@loadout/ui';
import { Link, formatPrice, useDisputeQueue, DISPUTE_REASON_LABELS } from '@loadout/web';
import { formatAge } from '../admin-format';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminTable } from '../layout/AdminTable';
import { KeysetPager } from '../layout/KeysetPager';
import { QueryState } from '../layout/QueryState';
import { useUrlState } from '../layout/use-url-state';
import { DISPUTE_STATUS_LABELS } from './dispute-format';

const ageSeconds = (iso: string) => Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 1000));

function DisputeTable({ items }: { items: DisputeView[] }) {
  return (
    <AdminTable
      caption="Disputes, oldest first"
      empty={['No disputes', 'Nothing waits for an admin with these filters.']}
      columns={['Dispute', 'Reason', 'Amount', 'Opened', 'Status']}
    >
      {items.map((d) => (
        <tr key={d.id}>
          <th scope="row">
            <Link to={`/admin/disputes/${encodeURIComponent(d.id)}`}>
              {d.origin === 'chargeback' ? 'Chargeback' : 'Dispute'} on order {d.orderId}
            </Link>
          </th>
          <td>{DISPUTE_REASON_LABELS[d.reason]}</td>
          <td>{formatPrice(d.orderTotalCents)}</td>
          <td>{formatAge(ageSeconds(d.openedAt))} ago</td>
          <td>{DISPUTE_STATUS_LABELS[d.status]}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** `/admin/disputes?status=&origin=&cursor=`: disputes waiting for an admin (the default). */
export function DisputesPage() {
  const url = useUrlState<'status' | 'origin'>();
  const filters = {
    status: url.get('status') as DisputeStatus | undefined,
    origin: url.get('origin') as DisputeOrigin | undefined,
  };
  const cursor = url.get('cursor');
  const disputes = useDisputeQueue(filters, cursor ?? null);
  return (
    <AdminLayout
      title="Disputes"
      description="Escalated disputes and chargebacks waiting for an admin's decision."
    >
      <form
        className="admin-filters"
        aria-label="Filter disputes"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(e) => url.set({ status: e.target.value })}
          options={[
            { value: '', label: 'Needs an admin' },
            ...DISPUTE_STATUSES.map((s) => ({ value: s, label: DISPUTE_STATUS_LABELS[s] })),
          ]}
        />
        <SelectField
          label="Origin"
          value={filters.origin ?? ''}
          onChange={(e) => url.set({ origin: e.target.value })}
          options={[
            { value: '', label: 'All' },
            { value: 'buyer', label: 'Opened by the buyer' },
            { value: 'chargeback', label: 'Card chargeback' },
          ]}
        />
      </form>
      <QueryState query={disputes} label="disputes">
        {(page) => (
          <>
            <DisputeTable items={page.items} />
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
