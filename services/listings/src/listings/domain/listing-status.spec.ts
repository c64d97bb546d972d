import { decideReservation, isEditable, isPubliclyVisible } from './listing-status';

const active = { status: 'active' as const, reservedOrderId: null, soldOrderId: null };
const reserved = { status: 'reserved' as const, reservedOrderId: 'o1', soldOrderId: null };
const sold = { status: 'sold' as const, reservedOrderId: 'o1', soldOrderId: 'o1' };

describe('listing status rules', () => {
  it('shows active, reserved and sold listings to everyone, drafts and removed ones not', () => {
    expect(['active', 'reserved', 'sold'].every((s) => isPubliclyVisible(s as never))).toBe(true);
    expect(isPubliclyVisible('draft')).toBe(false);
    expect(isPubliclyVisible('removed')).toBe(false);
  });

  it('lets only drafts and active listings be edited', () => {
    expect(isEditable('draft')).toBe(true);
    expect(isEditable('active')).toBe(true);
    expect(isEditable('reserved')).toBe(false);
    expect(isEditable('sold')).toBe(false);
    expect(isEditable('removed')).toBe(false);
  });

  it('reserves an active listing, repeats are no-ops, another order conflicts', () => {
    expect(decideReservation('reserve', active, 'o1')).toEqual({
      kind: 'change',
      status: 'reserved',
    });
    expect(decideReservation('reserve', reserved, 'o1')).toEqual({ kind: 'noop' });
    expect(decideReservation('reserve', reserved, 'o2').kind).toBe('conflict');
    expect(decideReservation('reserve', sold, 'o1')).toEqual({ kind: 'noop' });
    expect(decideReservation('reserve', { ...active, status: 'draft' }, 'o1').kind).toBe(
      'conflict',
    );
  });

  it('releases only the holding order; repeating a release changes nothing', () => {
    expect(decideReservation('release', reserved, 'o1')).toEqual({
      kind: 'change',
      status: 'active',
    });
    expect(decideReservation('release', active, 'o1')).toEqual({ kind: 'noop' });
    expect(decideReservation('release', reserved, 'o2').kind).toBe('conflict');
    expect(decideReservation('release', sold, 'o1').kind).toBe('conflict');
  });

  it('marks sold only for the holding order, idempotently', () => {
    expect(decideReservation('sold', reserved, 'o1')).toEqual({ kind: 'change', status: 'sold' });
    expect(decideReservation('sold', sold, 'o1')).toEqual({ kind: 'noop' });
    expect(decideReservation('sold', sold, 'o2').kind).toBe('conflict');
    expect(decideReservation('sold', active, 'o1').kind).toBe('conflict');
  });
});
