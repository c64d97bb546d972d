import { type OrderView } from '@loadout/contracts';
import { Button, Card, ConfirmDialog, FactsList, TextAreaField, TextField } from '@loadout/ui';
import {
  Link,
  formatPrice,
  formatShortDate,
  newIdempotencyKey,
  useOrder,
  useOrderLedger,
  useRefundOrder,
} from '@loadout/web';
import { useState } from 'react';
import { toast } from 'sonner';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminTable } from '../layout/AdminTable';
import { QueryState } from '../layout/QueryState';
import { failedTo } from '../layout/failure-toast';
import { useUrlState } from '../layout/use-url-state';
import { ACCOUNT_LABELS, ORDER_STATUS_LABELS, isRefundable } from './order-format';

/** The admin refund of what Loadout still holds, after a confirmation with the reason. */
function RefundControl({ order }: { order: OrderView }) {
  const refund = useRefundOrder();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [key, setKey] = useState(newIdempotencyKey);
  const close = () => {
    setOpen(false);
    setReason('');
    setError(undefined);
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Refund the buyer
      </Button>
      <ConfirmDialog
        open={open}
        title="Refund what Loadout still holds for this order?"
        description={`The buyer gets back what is still held of ${formatPrice(order.amounts.totalCents)}; the seller receives nothing more. Both parties receive your reason. This cannot be undone.`}
        confirmLabel="Refund"
        tone="danger"
        pending={refund.isPending}
        onCancel={close}
        onConfirm={() => {
          if (reason.trim().length < 5) {
            setError('Give the reason (at least 5 characters).');
            return;
          }
          refund.mutate(
            { id: order.id, reason: reason.trim(), idempotencyKey: key },
            {
              onSuccess: () => {
                close();
                setKey(newIdempotencyKey());
                toast.success('Order refunded');
              },
              onError: failedTo('refund the order'),
            },
          );
        }}
      >
        <TextAreaField
          label="Reason"
          value={reason}
          error={error}
          rows={2}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </ConfirmDialog>
    </>
  );
}

function Ledger({ orderId }: { orderId: string }) {
  const ledger = useOrderLedger(orderId);
  return (
    <Card as="section" aria-labelledby="order-ledger">
      <h2 id="order-ledger">Ledger postings</h2>
      <QueryState query={ledger} label="ledger">
        {(data) => (
          <>
            <AdminTable
              caption="The order's ledger postings, in booking order"
              empty={['No postings', 'Nothing was booked for this order (it was never paid).']}
              columns={['Entry', 'Account', 'Amount', 'Booked']}
            >
              {data.postings.map((p, i) => (
                <tr key={`${p.entryId}-${p.account}-${i}`}>
                  <th scope="row">{p.kind}</th>
                  <td>
                    {ACCOUNT_LABELS[p.account] ?? p.account}{' '}
                    <span className="lo-muted">({p.account})</span>
                  </td>
                  <td>{formatPrice(p.amountCents)}</td>
                  <td>{formatShortDate(p.at)}</td>
                </tr>
              ))}
            </AdminTable>
            <p>
              {data.sumCents === 0
                ? 'Balanced: the postings sum to €0.00.'
                : `Unbalanced: the postings sum to ${formatPrice(data.sumCents)}.`}
            </p>
          </>
        )}
      </QueryState>
    </Card>
  );
}

function FoundOrder({ id }: { id: string }) {
  const order = useOrder(id);
  return (
    <QueryState query={order} label="order">
      {(o) => (
        <div className="admin-case">
          <Card as="section" aria-labelledby="order-title">
            <h2 id="order-title">{o.listing.title}</h2>
            <FactsList
              facts={[
                { term: 'Status', value: ORDER_STATUS_LABELS[o.status] },
                { term: 'Total', value: formatPrice(o.amounts.totalCents) },
                { term: 'Item', value: formatPrice(o.amounts.itemCents) },
                { term: 'Postage', value: formatPrice(o.amounts.postageCents) },
                { term: 'Protection fee', value: formatPrice(o.amounts.feeCents) },
                { term: 'Seller receives', value: formatPrice(o.amounts.sellerReceivesCents) },
                {
                  term: 'Buyer',
                  value: (
                    <Link to={`/admin/users/${encodeURIComponent(o.buyerId)}`}>{o.buyerId}</Link>
                  ),
                },
                {
                  term: 'Seller',
                  value: (
                    <Link to={`/admin/users/${encodeURIComponent(o.sellerId)}`}>{o.sellerId}</Link>
                  ),
                },
                { term: 'Delivery', value: o.delivery === 'post' ? 'Post' : 'Collection' },
                { term: 'Created', value: formatShortDate(o.createdAt) },
              ]}
            />
            {isRefundable(o.status) ? <RefundControl order={o} /> : null}
          </Card>
          <Card as="section" aria-labelledby="order-timeline">
            <h2 id="order-timeline">Timeline</h2>
            <ol className="admin-list">
              {o.timeline.map((t, i) => (
                <li key={`${t.status}-${i}`}>
                  <strong>{ORDER_STATUS_LABELS[t.status]}</strong> · {t.actor} ·{' '}
                  {formatShortDate(t.at)}
                  {t.note ? ` · ${t.note}` : ''}
                </li>
              ))}
            </ol>
          </Card>
          <Ledger orderId={o.id} />
        </div>
      )}
    </QueryState>
  );
}

/** `/admin/orders?id=`: find an order, read its timeline and ledger, refund it. */
export function OrderLookupPage() {
  const url = useUrlState<'id'>();
  const id = url.get('id');
  const [draft, setDraft] = useState(id ?? '');
  return (
    <AdminLayout
      title="Orders"
      description="Find an order: its timeline, its ledger postings and the admin refund."
    >
      <form
        className="admin-filters"
        aria-label="Find an order"
        onSubmit={(event) => {
          event.preventDefault();
          url.set({ id: draft.trim() });
        }}
      >
        <TextField
          label="Order id"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          hint="A user's orders are on their page under Users."
        />
        <Button type="submit">Find</Button>
      </form>
      {id ? <FoundOrder key={id} id={id} /> : null}
    </AdminLayout>
  );
}
