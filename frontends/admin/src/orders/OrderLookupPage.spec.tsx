import { type OrderLedgerView, type OrderView } from '@loadout/contracts';
import { callsTo, expectToast, mockApi, setupUser, where } from '@loadout/web/testing';
import { screen, within } from '@testing-library/react';
import { renderAdmin } from '../test-utils';

const ORDER = 'ord00000000000000001x';

const order = (over: Partial<OrderView> = {}): OrderView =>
  ({
    id: ORDER,
    listingId: 'lst1',
    buyerId: 'buyer-1',
    sellerId: 'seller-1',
    status: 'shipped',
    delivery: 'post',
    amounts: {
      itemCents: 10_000,
      postageCents: 0,
      feeCents: 250,
      totalCents: 10_250,
      sellerReceivesCents: 10_000,
    },
    currency: 'eur',
    listing: {
      title: 'Tokyo Marui M4',
      photoUrl: null,
      sellerDisplayName: 'Sam',
      sellerType: 'private',
    },
    createdAt: '2026-11-20T10:00:00.000Z',
    timeline: [
      { status: 'pending_payment', actor: 'buyer', at: '2026-11-20T10:00:00.000Z' },
      { status: 'paid', actor: 'system', at: '2026-11-20T10:01:00.000Z' },
      { status: 'shipped', actor: 'seller', at: '2026-11-21T10:00:00.000Z', note: null },
    ],
    ...over,
  }) as OrderView;

const ledger: OrderLedgerView = {
  orderId: ORDER,
  sumCents: 0,
  postings: [
    { entryId: '1', kind: 'payment', account: 'buyer_payments', amountCents: -10_250, at: 'x' },
    { entryId: '1', kind: 'payment', account: 'escrow_held', amountCents: 10_250, at: 'x' },
  ].map((p) => ({ ...p, at: '2026-11-20T10:01:00.000Z' })),
};

describe('the order lookup', () => {
  it('finds an order by id and shows its timeline and balanced ledger', async () => {
    mockApi({
      [`/api/v1/orders/${ORDER}`]: order(),
      [`/api/v1/admin/orders/${ORDER}/ledger`]: ledger,
    });
    renderAdmin('/admin/orders');
    const user = setupUser();
    await user.type(screen.getByRole('textbox', { name: /Order id/ }), ` ${ORDER} `);
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(where()).toBe(`/admin/orders?id=${ORDER}`);
    expect(await screen.findByRole('heading', { name: 'Tokyo Marui M4' })).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(3);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('€102.50')).toBeInTheDocument();
    expect(within(table).getByText('-€102.50')).toBeInTheDocument();
    expect(screen.getByText('Balanced: the postings sum to €0.00.')).toBeInTheDocument();
  });

  it('refunds only after a confirmation with the reason', async () => {
    const api = mockApi({
      [`/api/v1/orders/${ORDER}`]: order(),
      [`/api/v1/admin/orders/${ORDER}/ledger`]: ledger,
      [`POST /api/v1/orders/${ORDER}/refund`]: order({ status: 'refunded' }),
    });
    renderAdmin(`/admin/orders?id=${ORDER}`);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Refund the buyer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Give the reason (at least 5 characters).'),
    ).toBeInTheDocument();
    expect(callsTo(api, `POST /api/v1/orders/${ORDER}/refund`)).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'Seller never shipped',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expectToast('Order refunded');
    const [call] = callsTo(api, `POST /api/v1/orders/${ORDER}/refund`);
    expect(call!.body).toEqual({ reason: 'Seller never shipped' });
    expect(call!.headers.get('idempotency-key')).toEqual(expect.any(String));
  });

  it('offers no refund for an order that holds no money', async () => {
    mockApi({
      [`/api/v1/orders/${ORDER}`]: order({ status: 'completed' }),
      [`/api/v1/admin/orders/${ORDER}/ledger`]: ledger,
    });
    renderAdmin(`/admin/orders?id=${ORDER}`);
    expect(await screen.findByRole('heading', { name: 'Tokyo Marui M4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund the buyer' })).toBeNull();
  });
});
