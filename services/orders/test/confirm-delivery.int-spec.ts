import { type OrderView } from '@loadout/contracts';
import { type ErrorBody, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(90_000);

describe('confirm delivery', () => {
  const h = useOrdersHarness('orders_confirm');

  const onboard = async (seller: { token: string }) => {
    const res = await h.call('/api/v1/payouts/onboarding', { method: 'POST', token: seller.token });
    expect(res.status).toBe(200);
  };

  it('releases the money: seller payable + fee, transfer to the seller, listing sold', async () => {
    const { seller, buyer, orderId, listing } = await shippedOrder(h);
    await onboard(seller);

    const res = await h.action(buyer, orderId, 'confirm-delivery');

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    expect(res.body.autoReleaseAt).toBeNull();
    const release = (await h.ds.query(
      `SELECT p.account, p.amount_cents::int AS cents FROM orders.ledger_postings p
         JOIN orders.ledger_entries e ON e.id = p.entry_id
        WHERE e.order_id = $1 AND e.kind = 'release' ORDER BY p.id`,
      [orderId],
    )) as { account: string; cents: number }[];
    expect(release).toEqual([
      { account: 'escrow_held', cents: -13_120 },
      { account: 'seller_payable', cents: 12_800 },
      { account: 'platform_fees', cents: 320 },
    ]);
    await h.drain();
    expect(h.transfers.filter((t) => t.orderId === orderId)).toEqual([
      expect.objectContaining({ amountCents: 12_800, idempotencyKey: `order:${orderId}:release` }),
    ]);
    // Issue 23 scenario 6: the transfer is booked when it is made, so seller_payable is what is
    // still owed (nothing) and seller_paid what left the platform.
    const transfer = (await h.ds.query(
      `SELECT e.ref, p.account, p.amount_cents::int AS cents FROM orders.ledger_postings p
         JOIN orders.ledger_entries e ON e.id = p.entry_id
        WHERE e.order_id = $1 AND e.kind = 'transfer' ORDER BY p.id`,
      [orderId],
    )) as { ref: string; account: string; cents: number }[];
    expect(transfer).toEqual([
      { ref: expect.stringMatching(/^sim_tr_/), account: 'seller_payable', cents: -12_800 },
      { ref: expect.stringMatching(/^sim_tr_/), account: 'seller_paid', cents: 12_800 },
    ]);
    expect(listing.status).toBe('sold');
    expect(await h.topics(orderId)).toContain('orders.order.completed.v1');

    const account = await h.call<{ status: string; heldCents: number; releasedCents: number }>(
      '/api/v1/payouts/account',
      { token: seller.token },
    );
    expect(account.body).toMatchObject({ status: 'complete', heldCents: 0, releasedCents: 12_800 });
  });

  it('holds the transfer until the seller completes payout onboarding', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    const before = await h.call<{ status: string; heldCents: number }>('/api/v1/payouts/account', {
      token: seller.token,
    });
    expect(before.body).toMatchObject({ status: 'not_started', heldCents: 12_800 });
    await h.action(buyer, orderId, 'confirm-delivery');
    await h.drain();
    expect(h.transfers.filter((t) => t.orderId === orderId)).toHaveLength(0);

    await onboard(seller);
    await h.drain();
    expect(h.transfers.filter((t) => t.orderId === orderId)).toHaveLength(1);
  });

  it('refuses the seller and a second confirmation', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    const bySeller = await h.action(seller, orderId, 'confirm-delivery');
    expect(bySeller.status).toBe(403);
    expect((bySeller.body as unknown as ErrorBody).message).toBe(
      'Only the buyer can confirm delivery.',
    );
    expect((await h.action(buyer, orderId, 'confirm-delivery')).status).toBe(200);
    const again = await h.action(buyer, orderId, 'confirm-delivery');
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorBody).code).toBe('ORDERS.ILLEGAL_TRANSITION');
  });

  it('releases once for 50 concurrent confirmations with the same and different keys', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    await onboard(seller);

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.action(buyer, orderId, 'confirm-delivery', {}, i % 2 === 0 ? 'same-key' : `key-${i}`),
      ),
    );
    await h.drain();

    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(ok.length + refused.length).toBe(50);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // Every 200 is the one release (replayed for the shared key), never a second one.
    for (const r of ok) expect((r.body as OrderView).status).toBe('completed');
    for (const r of refused)
      expect(['ORDERS.ILLEGAL_TRANSITION', 'ORDERS.IDEMPOTENCY_KEY_IN_USE']).toContain(
        (r.body as unknown as ErrorBody).code,
      );
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.ledger_entries WHERE order_id = $1 AND kind = 'release'`,
      [orderId],
    )) as { n: number }[];
    expect(n).toBe(1);
    expect(h.transfers.filter((t) => t.orderId === orderId)).toHaveLength(1);
    const completed = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.outbox WHERE aggregate_id = $1 AND topic = 'orders.order.completed.v1'`,
      [orderId],
    )) as { n: number }[];
    expect(completed[0]!.n).toBe(1);
  });
});
