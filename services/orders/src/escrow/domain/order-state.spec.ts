import { ORDER_STATUSES, type OrderActor, type OrderStatus } from '@loadout/contracts';
import { actorOf, canTransition, nextStatus, type OrderCommand } from './order-state';
import { OrderDomainError } from './order.errors';

function refusal(fn: () => unknown): OrderDomainError {
  try {
    fn();
  } catch (err) {
    if (err instanceof OrderDomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('order state machine', () => {
  it('walks the happy path pending_payment → paid → shipped → completed', () => {
    let s: OrderStatus = 'pending_payment';
    s = nextStatus(s, 'confirm_payment', 'system');
    expect(s).toBe('paid');
    s = nextStatus(s, 'ship', 'seller');
    expect(s).toBe('shipped');
    s = nextStatus(s, 'confirm_delivery', 'buyer');
    expect(s).toBe('completed');
  });

  it('releases automatically only as the system, only after shipping', () => {
    expect(nextStatus('shipped', 'auto_release', 'system')).toBe('completed');
    expect(refusal(() => nextStatus('shipped', 'auto_release', 'buyer')).code).toBe(
      'ORDERS.NOT_ALLOWED',
    );
    expect(refusal(() => nextStatus('paid', 'auto_release', 'system')).code).toBe(
      'ORDERS.ILLEGAL_TRANSITION',
    );
  });

  it('lets buyer or seller cancel before shipping, never after', () => {
    for (const actor of ['buyer', 'seller'] as const) {
      expect(nextStatus('pending_payment', 'cancel', actor)).toBe('cancelled');
      expect(nextStatus('paid', 'cancel', actor)).toBe('cancelled');
      const err = refusal(() => nextStatus('shipped', 'cancel', actor));
      expect(err.code).toBe('ORDERS.ILLEGAL_TRANSITION');
      expect(err.kind).toBe('conflict');
      expect(err.message).toBe('This order has been shipped, so it cannot be cancelled.');
    }
  });

  it('refuses a second release with a sentence a person can read', () => {
    const err = refusal(() => nextStatus('completed', 'confirm_delivery', 'buyer'));
    expect(err.code).toBe('ORDERS.ILLEGAL_TRANSITION');
    expect(err.message).toBe(
      'This order is completed and the money was released, so it cannot have its delivery confirmed.',
    );
  });

  it('refuses the wrong party before looking at the state', () => {
    const err = refusal(() => nextStatus('completed', 'ship', 'buyer'));
    expect(err.code).toBe('ORDERS.NOT_ALLOWED');
    expect(err.kind).toBe('forbidden');
    expect(err.message).toBe('Only the seller can mark this order as shipped.');
    expect(refusal(() => nextStatus('shipped', 'confirm_delivery', 'seller')).code).toBe(
      'ORDERS.NOT_ALLOWED',
    );
    expect(refusal(() => nextStatus('pending_payment', 'confirm_payment', 'buyer')).code).toBe(
      'ORDERS.NOT_ALLOWED',
    );
  });

  it('lets only the buyer pay, and only while payment is pending', () => {
    expect(nextStatus('pending_payment', 'pay', 'buyer')).toBe('pending_payment');
    expect(refusal(() => nextStatus('pending_payment', 'pay', 'seller')).message).toBe(
      'Only the buyer can pay for this order.',
    );
    expect(refusal(() => nextStatus('paid', 'pay', 'buyer')).message).toBe(
      'This order is paid and waiting to be shipped, so it cannot be paid.',
    );
  });

  it('expires only unpaid orders, and only by the system', () => {
    expect(nextStatus('pending_payment', 'expire', 'system')).toBe('expired');
    expect(refusal(() => nextStatus('paid', 'expire', 'system')).code).toBe(
      'ORDERS.ILLEGAL_TRANSITION',
    );
  });

  it('auto-cancels a paid order that was not shipped in time', () => {
    expect(nextStatus('paid', 'cancel_unshipped', 'system')).toBe('cancelled');
    expect(canTransition('shipped', 'cancel_unshipped', 'system')).toBe(false);
  });

  it('lets nothing leave a final state', () => {
    const commands: OrderCommand[] = [
      'pay',
      'confirm_payment',
      'ship',
      'confirm_delivery',
      'auto_release',
      'cancel',
      'cancel_unshipped',
      'expire',
      'refund',
    ];
    const actors: OrderActor[] = ['buyer', 'seller', 'system', 'admin'];
    for (const s of ['completed', 'cancelled', 'refunded', 'expired'] as const)
      for (const c of commands) for (const a of actors) expect(canTransition(s, c, a)).toBe(false);
  });

  it('knows every status of the contract', () => {
    for (const s of ORDER_STATUSES) expect(() => canTransition(s, 'cancel', 'buyer')).not.toThrow();
  });
});

describe('actor of a user', () => {
  const order = { buyerId: 'b', sellerId: 's' };
  it('is buyer, seller, admin or nobody', () => {
    expect(actorOf(order, { id: 'b', isAdmin: false })).toBe('buyer');
    expect(actorOf(order, { id: 's', isAdmin: true })).toBe('seller');
    expect(actorOf(order, { id: 'x', isAdmin: true })).toBe('admin');
    expect(actorOf(order, { id: 'x', isAdmin: false })).toBeNull();
  });
});
