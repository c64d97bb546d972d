import { type AdminStatsDto } from '@loadout/contracts';
import { Card, VisuallyHidden } from '@loadout/ui';
import { formatPrice, useAdminStats } from '@loadout/web';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useId } from 'react';
import { AdminLayout } from '../layout/AdminLayout';
import { QueryState } from '../layout/QueryState';

const ORDER_STATE_LABELS: Record<string, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid (held)',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  expired: 'Expired',
};

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="admin-figure">
      <p className="admin-figure__label">{label}</p>
      <p className="admin-figure__value">{value}</p>
      {note ? <p className="lo-muted lo-small">{note}</p> : null}
    </Card>
  );
}

/**
 * A small bar chart and the same numbers as a table for screen readers (the drawing is
 * decoration to them).
 */
function SmallChart({
  title,
  rows,
  valueLabel,
  format = String,
}: {
  title: string;
  rows: { label: string; value: number }[];
  valueLabel: string;
  format?: (n: number) => string;
}) {
  const titleId = useId();
  return (
    <Card as="section" className="admin-chart" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-chart__title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="lo-muted">Nothing yet.</p>
      ) : (
        <>
          <div className="admin-chart__plot" aria-hidden="true">
            <ResponsiveContainer width="100%" height={180}>
              <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                <Tooltip formatter={(v) => format(Number(v))} />
                <Bar dataKey="value" name={valueLabel} fill="var(--lo-color-accent, #d2b273)" />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <VisuallyHidden>
            <table>
              <caption>{title}</caption>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.label}>
                    <th scope="row">{r.label}</th>
                    <td>{format(r.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}

const day = (iso: string) => iso.slice(5);

function Dashboard({ stats }: { stats: AdminStatsDto }) {
  const held = stats.money.heldCents === null ? 'Unavailable' : formatPrice(stats.money.heldCents);
  const ledger =
    stats.money.ledgerOk === null
      ? 'The orders service did not answer.'
      : stats.money.ledgerOk
        ? 'Ledger balanced.'
        : 'Ledger check failed: see orders.';
  return (
    <>
      <div className="admin-figures">
        <Figure
          label="Users"
          value={String(stats.users.total)}
          note={`${stats.users.newThisWeek} new this week`}
        />
        <Figure label="Active listings" value={String(stats.listings.active)} />
        <Figure label="GMV this month" value={formatPrice(stats.money.gmvThisMonthCents)} />
        <Figure label="Fees this month" value={formatPrice(stats.money.feesThisMonthCents)} />
        <Figure label="Money held in escrow" value={held} note={ledger} />
        <Figure label="Open reports" value={String(stats.reports.open)} />
      </div>
      <div className="admin-charts">
        <SmallChart
          title="Sign-ups, last 14 days"
          valueLabel="Sign-ups"
          rows={stats.series.signupsByDay.map((d) => ({ label: day(d.day), value: d.count }))}
        />
        <SmallChart
          title="Paid orders, last 14 days"
          valueLabel="Orders"
          rows={stats.series.ordersByDay.map((d) => ({ label: day(d.day), value: d.count }))}
        />
        <SmallChart
          title="Orders by state"
          valueLabel="Orders"
          rows={Object.entries(stats.orders.byState).map(([state, n]) => ({
            label: ORDER_STATE_LABELS[state] ?? state,
            value: n,
          }))}
        />
      </div>
    </>
  );
}

/** `/admin`: the figures of the marketplace and small charts. */
export function DashboardPage() {
  const stats = useAdminStats();
  return (
    <AdminLayout title="Admin Dashboard" description="The marketplace in figures.">
      <QueryState query={stats} label="figures">
        {(data) => <Dashboard stats={data} />}
      </QueryState>
    </AdminLayout>
  );
}
