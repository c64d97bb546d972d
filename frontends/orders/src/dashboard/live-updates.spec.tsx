import { type OrderView } from '@loadout/contracts';
import { applyRealtimeEvent, createSession } from '@loadout/web';
import { mockApi } from '@loadout/web/testing';
import { screen, within } from '@testing-library/react';
import { SELLER, buildOrder, renderRoutes, shipped } from '../test-utils';

const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!);

describe('live order pages (orders.changed over /ws)', () => {
  it("moves a sale from Shipped to Completed on My Sales when the buyer's confirmation is pushed", async () => {
    let order: OrderView = shipped(buildOrder({ id: 'o1' }));
    mockApi({
      '/api/v1/orders': () => ({ items: [order], nextCursor: null }),
      '/api/v1/payouts/account': {
        status: 'complete',
        provider: 'simulated',
        heldCents: 25950,
        releasedCents: 0,
      },
    });
    const { client } = renderRoutes('/seller-dashboard', { session: createSession(SELLER) });
    await screen.findByRole('heading', { name: 'Tokyo Marui M4' });
    expect(card('Tokyo Marui M4').getByText('Shipped')).toBeInTheDocument();

    // The buyer confirmed delivery elsewhere; only the pushed frame tells this page.
    order = {
      ...order,
      status: 'completed',
      autoReleaseAt: null,
      timeline: [
        ...order.timeline,
        { status: 'completed', actor: 'buyer', at: '2026-11-25T09:00:00Z' },
      ],
    };
    applyRealtimeEvent(client, SELLER.id, { type: 'orders.changed', orderId: 'o1' });
    expect(await card('Tokyo Marui M4').findByText('Completed')).toBeInTheDocument();
    expect(card('Tokyo Marui M4').queryByText('Shipped')).toBeNull();
  });
});
