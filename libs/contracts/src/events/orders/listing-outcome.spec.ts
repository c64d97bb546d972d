import { type EventTopic } from '../event-payloads';
import { LISTING_OUTCOME_TOPICS, listingOutcomeOf } from './listing-outcome';

const refunded = (full: boolean, relist?: boolean, refundPending?: boolean) =>
  listingOutcomeOf('orders.order.refunded.v1', {
    full,
    ...(relist === undefined ? {} : { relist }),
    ...(refundPending === undefined ? {} : { refundPending }),
  });

describe("an order's outcome → the listing (ADR 0044)", () => {
  it('sells the listing of a completed order', () => {
    expect(listingOutcomeOf('orders.order.completed.v1', {})).toBe('sold');
  });

  it('releases the listing of a cancelled or expired order', () => {
    expect(listingOutcomeOf('orders.order.cancelled.v1', {})).toBe('release');
    expect(listingOutcomeOf('orders.order.expired.v1', {})).toBe('release');
  });

  it('reads only the topic of a completion, cancellation or expiry (refund fields do not matter)', () => {
    const odd = { full: false, relist: true, refundPending: false };
    expect(listingOutcomeOf('orders.order.completed.v1', odd)).toBe('sold');
    expect(listingOutcomeOf('orders.order.cancelled.v1', odd)).toBe('release');
    expect(listingOutcomeOf('orders.order.expired.v1', null)).toBe('release');
  });

  it('relists after a full refund of an item that never left the seller', () => {
    expect(refunded(true, true)).toBe('release');
  });

  it('sells after a full refund of a shipped item (relist false, or missing in older events)', () => {
    expect(refunded(true, false)).toBe('sold');
    expect(refunded(true)).toBe('sold');
  });

  it('leaves the listing held after a partial refund, pending or not', () => {
    expect(refunded(false, false)).toBeNull();
    expect(refunded(false, true)).toBeNull();
    expect(refunded(false, true, true)).toBeNull();
    expect(refunded(false, false, false)).toBeNull();
  });

  it('decides on a refund when it is asked (refundPending: true), as on one with no flag', () => {
    expect(refunded(true, true, true)).toBe('release');
    expect(refunded(true, false, true)).toBe('sold');
    expect(refunded(true, undefined, true)).toBe('sold');
  });

  it("ignores the processor's confirmation of a refund (refundPending: false, ADR 0042)", () => {
    // The confirmation of a never-shipped item's refund must not sell a listing back on sale,
    // nor release one the first event sold.
    expect(refunded(true, false, false)).toBeNull();
    expect(refunded(true, true, false)).toBeNull();
    expect(refunded(true, undefined, false)).toBeNull();
  });

  it('a refund event without a payload decides nothing', () => {
    expect(listingOutcomeOf('orders.order.refunded.v1', null)).toBeNull();
    expect(listingOutcomeOf('orders.order.refunded.v1', undefined)).toBeNull();
  });

  it.each<EventTopic>([
    'orders.order.created.v1',
    'orders.order.paid.v1',
    'orders.order.shipped.v1',
    'orders.order.reminder.v1',
    'orders.order.refund_failed.v1',
    'listings.listing.sold.v1',
  ])('%s decides nothing about the listing', (topic) => {
    expect(listingOutcomeOf(topic, { full: true, relist: true })).toBeNull();
  });

  it('names exactly the topics that can decide', () => {
    const deciding = LISTING_OUTCOME_TOPICS.filter(
      (t) => listingOutcomeOf(t, { full: true }) !== null,
    );
    expect(deciding).toEqual([...LISTING_OUTCOME_TOPICS]);
    expect(listingOutcomeOf('orders.order.unknown.v9', { full: true })).toBeNull();
  });
});
