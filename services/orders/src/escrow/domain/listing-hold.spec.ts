import { ORDER_STATUSES } from '@loadout/contracts';
import { listingHoldOf } from './listing-hold';

describe('listingHoldOf', () => {
  it('releases a reservation no order was written for, once its checkout can no longer', () => {
    expect(listingHoldOf(null, false)).toBe('release');
    expect(listingHoldOf(null, true)).toBe('hold');
  });

  it('answers for every state: hold while open, sell when it changed hands, release otherwise', () => {
    const answers = Object.fromEntries(
      ORDER_STATUSES.map((s) => [s, listingHoldOf({ status: s, shipped: false }, false)]),
    );
    expect(answers).toEqual({
      pending_payment: 'hold',
      paid: 'hold',
      shipped: 'hold',
      disputed: 'hold',
      partially_refunded: 'hold',
      completed: 'sell',
      cancelled: 'release',
      expired: 'release',
      refunded: 'release',
    });
    expect(listingHoldOf({ status: 'refunded', shipped: true }, false)).toBe('sell');
  });
});
