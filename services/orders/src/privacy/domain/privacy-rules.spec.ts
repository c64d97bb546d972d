import {
  addressErasableBefore,
  deletionBlockers,
  DELIVERY_ADDRESS_RETENTION_DAYS,
  erasedAddressArea,
} from './privacy-rules';

describe('deletionBlockers', () => {
  it('is empty when every order is final and paid out and no offer runs', () => {
    expect(
      deletionBlockers(
        [
          { id: 'o1', status: 'completed', payoutPending: false },
          { id: 'o2', status: 'cancelled', payoutPending: false },
          { id: 'o3', status: 'refunded', payoutPending: false },
          { id: 'o4', status: 'expired', payoutPending: false },
        ],
        [
          { id: 'f1', status: 'accepted' },
          { id: 'f2', status: 'declined' },
        ],
      ),
    ).toEqual([]);
  });

  it.each([
    ['pending_payment', 'payment_pending'],
    ['paid', 'money_held'],
    ['shipped', 'money_held'],
    ['partially_refunded', 'money_held'],
    ['disputed', 'open_dispute'],
  ] as const)('an order in %s blocks with %s', (status, reason) => {
    expect(deletionBlockers([{ id: 'o1', status, payoutPending: false }], [])).toEqual([
      { reason, orderId: 'o1', offerId: null, status },
    ]);
  });

  it('a completed sale whose payout is not transferred yet blocks with payout_pending', () => {
    expect(deletionBlockers([{ id: 'o1', status: 'completed', payoutPending: true }], [])).toEqual([
      { reason: 'payout_pending', orderId: 'o1', offerId: null, status: 'completed' },
    ]);
  });

  it.each(['open', 'countered'] as const)('a running offer (%s) blocks with open_offer', (s) => {
    expect(deletionBlockers([], [{ id: 'f1', status: s }])).toEqual([
      { reason: 'open_offer', orderId: null, offerId: 'f1', status: s },
    ]);
  });
});

describe('delivery address retention', () => {
  it('keeps an address for 90 days after the order is final', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(DELIVERY_ADDRESS_RETENTION_DAYS).toBe(90);
    expect(addressErasableBefore(now).toISOString()).toBe('2026-03-03T12:00:00.000Z');
  });

  it('keeps only the county of an erased address', () => {
    expect(erasedAddressArea({ name: 'Aoife', line1: '1 Main St', county: 'Galway' })).toBe(
      'Galway',
    );
    expect(erasedAddressArea(null)).toBeNull();
    expect(erasedAddressArea({ name: 'x' })).toBeNull();
  });
});
