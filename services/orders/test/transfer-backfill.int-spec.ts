import { TransferBackfill1780000000100 } from '../src/migrations/1780000000100-transfer-backfill';
import { type PaymentProvider, PAYMENT_PROVIDER } from '../src/payments/payment-provider.port';
import { shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

/**
 * ADR 0036 left it open (ADR 0042 closes it): orders transferred before transfers were booked
 * have no `transfer` entry, so `seller_payable` still shows money that was paid out. The
 * backfill books `seller_payable → seller_paid` for each done `transfer_to_seller` job that
 * lacks one: once, with the transfer's id where it can be known, and never for a transfer
 * that was not made (discarded, obsolete, withheld after a lost chargeback).
 */
describe('transfer backfill (orders migration 1780000000100)', () => {
  const h = useOrdersHarness('orders_transfer_backfill');

  const onboard = async (token: string) =>
    expect(
      (await h.call('/api/v1/payouts/onboarding', { method: 'POST', token })).status,
    ).toBeLessThan(300);

  /** A completed order whose transfer was made, with its booking removed (as before 0036). */
  const transferredBefore0036 = async () => {
    const o = await shippedOrder(h);
    await onboard(o.seller.token);
    expect((await h.action(o.buyer, o.orderId, 'confirm-delivery', {})).status).toBe(200);
    await h.drain();
    await h.ds.query(
      `WITH e AS (SELECT id FROM orders.ledger_entries WHERE order_id = $1 AND kind = 'transfer'),
            p AS (DELETE FROM orders.ledger_postings WHERE entry_id IN (SELECT id FROM e))
       DELETE FROM orders.ledger_entries WHERE id IN (SELECT id FROM e)`,
      [o.orderId],
    );
    return o;
  };

  const balances = async (orderId: string) => {
    const rows = (await h.ds.query(
      `SELECT account, sum(amount_cents)::int AS cents FROM orders.ledger_postings
        WHERE order_id = $1 AND account IN ('seller_payable', 'seller_paid') GROUP BY account
        ORDER BY account`,
      [orderId],
    )) as { account: string; cents: number }[];
    return Object.fromEntries(rows.map((r) => [r.account, r.cents]));
  };

  const backfill = async () => {
    const runner = h.ds.createQueryRunner();
    try {
      await new TransferBackfill1780000000100().up(runner);
    } finally {
      await runner.release();
    }
  };

  it('books the transfer once, under the id the processor gave it, and skips transfers never made', async () => {
    const done = await transferredBefore0036();
    expect(await balances(done.orderId)).toEqual({ seller_payable: 12_800 });

    // A release whose transfer job an admin discarded: nothing was transferred.
    const discarded = await shippedOrder(h);
    expect(
      (await h.action(discarded.buyer, discarded.orderId, 'confirm-delivery', {})).status,
    ).toBe(200);
    await h.ds.query(
      `UPDATE orders.jobs SET done_at = now(), last_error = 'discarded by an admin; gave up: x'
        WHERE order_id = $1 AND kind = 'transfer_to_seller'`,
      [discarded.orderId],
    );

    await backfill();
    await backfill(); // idempotent

    expect(await balances(done.orderId)).toEqual({ seller_payable: 0, seller_paid: 12_800 });
    const provider = h.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const { transferId } = await provider.transferToSeller({
      orderId: done.orderId,
      paymentId: '',
      sellerAccountId: '',
      amountCents: 12_800,
      idempotencyKey: `order:${done.orderId}:release`,
    });
    const refs = (await h.ds.query(
      `SELECT ref FROM orders.ledger_entries WHERE order_id = $1 AND kind = 'transfer'`,
      [done.orderId],
    )) as { ref: string }[];
    expect(refs).toEqual([{ ref: transferId }]);
    expect(await balances(discarded.orderId)).toEqual({ seller_payable: 12_800 });
  });
});
