import { cards } from './factories/card.factory';
import { useOrdersHarness } from './support/orders-harness';

jest.setTimeout(90_000);

/**
 * The simulated processor's confirmation is applied when it is due, as a webhook's event is,
 * not at the worker's next interval (here a minute away).
 */
describe('a simulated payment confirmation', () => {
  const h = useOrdersHarness('orders_sim_wake', {
    ORDERS_WORKER_INTERVAL_MS: '60000',
    SIMULATED_PAYMENT_DELAY_MS: '200',
  });

  it('is applied when it becomes due, without waiting for the next interval', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const order = (await h.checkout(buyer, h.listing(seller.id).id)).body;
    const started = Date.now();

    expect((await h.pay(buyer, order.id, cards.ok())).status).toBe(202);

    let status = '';
    while (Date.now() - started < 10_000) {
      status = (await h.order(buyer, order.id)).body.status;
      if (status === 'paid') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('paid');
    // Not before it was due (the processor's delay), and long before the next interval.
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });
});
