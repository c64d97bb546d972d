import { ORDER_STATUSES, type OrderStatus } from '@loadout/contracts';
import { deliveryAddressFor, deliveryAddressVisibleTo } from './delivery-address';
import { OrderDomainError } from './order.errors';

const input = {
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'n37 x2c4',
};

const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(OrderDomainError);
    return (e as OrderDomainError).code;
  }
  throw new Error('expected a refusal');
};

describe('deliveryAddressFor', () => {
  it('returns the normalised snapshot for post', () => {
    expect(deliveryAddressFor('post', input)).toEqual({
      ...input,
      eircode: 'N37 X2C4',
      line2: null,
      phone: null,
    });
  });

  it('requires an address for post and refuses one for collection', () => {
    expect(codeOf(() => deliveryAddressFor('post', undefined))).toBe(
      'ORDERS.DELIVERY_ADDRESS_REQUIRED',
    );
    expect(codeOf(() => deliveryAddressFor('post', null))).toBe('ORDERS.DELIVERY_ADDRESS_REQUIRED');
    expect(codeOf(() => deliveryAddressFor('collection', input))).toBe(
      'ORDERS.DELIVERY_ADDRESS_NOT_ALLOWED',
    );
    expect(deliveryAddressFor('collection', null)).toBeNull();
  });

  it('names the bad fields under deliveryAddress', () => {
    try {
      deliveryAddressFor('post', { ...input, eircode: 'D02 XO85' });
      throw new Error('expected a refusal');
    } catch (e) {
      expect((e as OrderDomainError).code).toBe('ORDERS.DELIVERY_ADDRESS_INVALID');
      expect((e as OrderDomainError).details).toEqual([
        { field: 'deliveryAddress.eircode', messages: [expect.stringMatching(/Eircode/)] },
      ]);
    }
  });
});

describe('deliveryAddressVisibleTo (the access table of ADR 0029)', () => {
  const PAID = new Date('2026-11-20T10:00:00Z');
  const seen = (status: OrderStatus, viewer: 'buyer' | 'seller' | 'admin' | 'system') =>
    deliveryAddressVisibleTo(
      { status, paidAt: status === 'pending_payment' || status === 'expired' ? null : PAID },
      viewer,
    );

  it('shows the buyer their address in every state', () => {
    for (const s of ORDER_STATUSES) expect(seen(s, 'buyer')).toBe(true);
  });

  it.each<[OrderStatus, boolean]>([
    ['pending_payment', false],
    ['expired', false],
    ['paid', true],
    ['shipped', true],
    ['completed', true],
    ['disputed', true],
    ['partially_refunded', true],
    ['refunded', true],
    ['cancelled', false],
  ])('seller, %s → %s', (status, visible) => {
    expect(seen(status, 'seller')).toBe(visible);
  });

  it('never shows a seller an unpaid order, whatever its state says', () => {
    expect(deliveryAddressVisibleTo({ status: 'refunded', paidAt: null }, 'seller')).toBe(false);
  });

  it('shows admins only a disputed order, and the system never', () => {
    for (const s of ORDER_STATUSES) {
      expect(seen(s, 'admin')).toBe(s === 'disputed');
      expect(seen(s, 'system')).toBe(false);
    }
  });
});
