import { type OfferStatus } from '@loadout/contracts';
import {
  DEFAULT_OFFER_RULES,
  actorOf,
  awaiting,
  closeFor,
  closeOnListingRemoved,
  decide,
  expire,
  isLapsed,
  makeOffer,
  type Offer,
  type OfferActor,
  type OfferCommand,
  type OfferListing,
} from './offer';

const HOUR = 3_600_000;
const t0 = new Date('2026-11-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const rules = DEFAULT_OFFER_RULES;

const listing = (over: Partial<OfferListing> = {}): OfferListing => ({
  id: 'l1',
  title: 'Tokyo Marui M4',
  photoUrl: null,
  sellerId: 'seller',
  status: 'active',
  priceCents: 10_000,
  ...over,
});

const make = (amountCents = 7_000, over: Partial<OfferListing> = {}, active: Offer | null = null) =>
  makeOffer(
    listing(over),
    {
      id: 'o1',
      buyerId: 'buyer',
      amountCents,
      message: '  Would you take 70?  ',
      delivery: 'collection',
      deliveryAddress: null,
    },
    active,
    t0,
    rules,
  );

const inState = (status: OfferStatus): Offer => {
  const open = make().offer;
  if (status === 'open') return open;
  if (status === 'countered')
    return decide(
      open,
      'seller',
      { kind: 'counter', amountCents: 8_500, message: null },
      at(HOUR),
      rules,
    ).offer;
  return { ...open, status, orderId: status === 'accepted' ? 'order-1' : null };
};

const code = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('makeOffer', () => {
  it('opens an offer for 48 hours with the step and a trimmed message', () => {
    const { offer, step } = make();
    expect(offer).toMatchObject({
      status: 'open',
      amountCents: 7_000,
      askingCents: 10_000,
      buyerId: 'buyer',
      sellerId: 'seller',
      orderId: null,
    });
    expect(offer.expiresAt).toEqual(at(48 * HOUR));
    expect(step).toEqual({
      kind: 'made',
      by: 'buyer',
      amountCents: 7_000,
      message: 'Would you take 70?',
      at: t0,
    });
    expect(offer.steps).toEqual([step]);
    expect(awaiting(offer)).toBe('seller');
  });

  it('accepts exactly the minimum (50 %, rounded up to the cent) and refuses a cent less', () => {
    expect(make(5_000).offer.amountCents).toBe(5_000);
    expect(code(() => make(4_999))).toBe('ORDERS.OFFER_BELOW_MINIMUM');
    // 50 % of 999 cents is 499.5: the minimum is 500.
    expect(code(() => make(499, { priceCents: 999 }))).toBe('ORDERS.OFFER_BELOW_MINIMUM');
    expect(make(500, { priceCents: 999 }).offer.amountCents).toBe(500);
  });

  it('follows a configured minimum percent', () => {
    const strict = { ...rules, minPercent: 80 };
    const mk = (n: number) =>
      makeOffer(
        listing(),
        {
          id: 'o',
          buyerId: 'b',
          amountCents: n,
          message: null,
          delivery: 'collection',
          deliveryAddress: null,
        },
        null,
        t0,
        strict,
      );
    expect(code(() => mk(7_999))).toBe('ORDERS.OFFER_BELOW_MINIMUM');
    expect(mk(8_000).offer.amountCents).toBe(8_000);
  });

  it('refuses the asking price or more, fractions of a cent, the own listing and an unavailable one', () => {
    expect(code(() => make(10_000))).toBe('ORDERS.OFFER_NOT_BELOW_PRICE');
    expect(code(() => make(7_000.5))).toBe('ORDERS.OFFER_BELOW_MINIMUM');
    expect(code(() => make(7_000, { sellerId: 'buyer' }))).toBe('ORDERS.OFFER_OWN_LISTING');
    for (const status of ['reserved', 'sold'])
      expect(code(() => make(7_000, { status }))).toBe('ORDERS.OFFER_LISTING_UNAVAILABLE');
    expect(code(() => make(7_000, { priceCents: null }))).toBe('ORDERS.OFFER_LISTING_UNAVAILABLE');
  });

  it('refuses a second running offer, but not once the first has lapsed', () => {
    const first = make().offer;
    expect(code(() => make(7_000, {}, first))).toBe('ORDERS.OFFER_ALREADY_OPEN');
    const later = makeOffer(
      listing(),
      {
        id: 'o2',
        buyerId: 'buyer',
        amountCents: 6_000,
        message: null,
        delivery: 'collection',
        deliveryAddress: null,
      },
      first,
      at(48 * HOUR),
      rules,
    );
    expect(later.offer.id).toBe('o2');
  });
});

describe('decide: every actor × state × command', () => {
  const commands: OfferCommand[] = [
    { kind: 'accept', orderId: 'order-9' },
    { kind: 'decline' },
    { kind: 'counter', amountCents: 9_000, message: 'Meet me at 90' },
    { kind: 'withdraw' },
  ];
  // [state, actor, command] → resulting status, or the error code.
  const expected: Record<string, string> = {
    'open seller accept': 'accepted',
    'open seller decline': 'declined',
    'open seller counter': 'countered',
    'open seller withdraw': 'ORDERS.OFFER_NOT_ALLOWED',
    'open buyer accept': 'ORDERS.OFFER_NOT_ALLOWED',
    'open buyer decline': 'ORDERS.OFFER_NOT_ALLOWED',
    'open buyer counter': 'ORDERS.OFFER_NOT_ALLOWED',
    'open buyer withdraw': 'withdrawn',
    'countered seller accept': 'ORDERS.OFFER_NOT_ALLOWED',
    'countered seller decline': 'ORDERS.OFFER_NOT_ALLOWED',
    'countered seller counter': 'ORDERS.OFFER_NOT_ALLOWED',
    'countered seller withdraw': 'ORDERS.OFFER_NOT_ALLOWED',
    'countered buyer accept': 'accepted',
    'countered buyer decline': 'declined',
    'countered buyer counter': 'ORDERS.OFFER_NOT_ALLOWED',
    'countered buyer withdraw': 'withdrawn',
  };
  const states: OfferStatus[] = [
    'open',
    'countered',
    'accepted',
    'declined',
    'withdrawn',
    'expired',
  ];
  const actors: OfferActor[] = ['buyer', 'seller'];
  for (const state of states)
    for (const actor of actors)
      for (const command of commands) {
        const key = `${state} ${actor} ${command.kind}`;
        const want = expected[key] ?? 'ORDERS.OFFER_CLOSED';
        it(`${key} → ${want}`, () => {
          const offer = inState(state);
          const now = at(2 * HOUR);
          let got: string;
          try {
            const change = decide(offer, actor, command, now, rules);
            got = change.offer.status;
            expect(change.step).toMatchObject({ kind: got, by: actor, at: now });
            expect(change.offer.steps.at(-1)).toEqual(change.step);
            expect(change.offer.steps).toHaveLength(offer.steps.length + 1);
          } catch (e) {
            got = (e as { code: string }).code;
          }
          expect(got).toBe(want);
        });
      }

  it('accepting keeps the amount on the table as the agreed price and records the order', () => {
    const countered = inState('countered');
    const { offer, step } = decide(
      countered,
      'buyer',
      { kind: 'accept', orderId: 'ord' },
      at(2 * HOUR),
      rules,
    );
    expect(offer).toMatchObject({ status: 'accepted', amountCents: 8_500, orderId: 'ord' });
    expect(step.amountCents).toBe(8_500);
    expect(awaiting(offer)).toBeNull();
  });

  it('a counter puts its amount on the table with a fresh 48 hours for the buyer', () => {
    const open = inState('open');
    const { offer } = decide(
      open,
      'seller',
      { kind: 'counter', amountCents: 9_000, message: ' ok ' },
      at(47 * HOUR),
      rules,
    );
    expect(offer.amountCents).toBe(9_000);
    expect(offer.expiresAt).toEqual(at(95 * HOUR));
    expect(offer.steps.at(-1)).toMatchObject({
      kind: 'countered',
      by: 'seller',
      amountCents: 9_000,
      message: 'ok',
    });
    expect(awaiting(offer)).toBe('buyer');
  });

  it('a counter must be above the offer and at most the asking price', () => {
    const open = inState('open');
    const counter = (n: number) => () =>
      decide(open, 'seller', { kind: 'counter', amountCents: n, message: null }, at(HOUR), rules);
    expect(code(counter(7_000))).toBe('ORDERS.OFFER_COUNTER_INVALID');
    expect(code(counter(10_001))).toBe('ORDERS.OFFER_COUNTER_INVALID');
    expect(code(counter(8_000.5))).toBe('ORDERS.OFFER_COUNTER_INVALID');
    expect(code(counter(7_001))).toBeNull();
    expect(code(counter(10_000))).toBeNull();
  });
});

describe('expiry', () => {
  it('an offer lapses at exactly 48 hours: every step is refused from then on', () => {
    const open = inState('open');
    expect(isLapsed(open, at(48 * HOUR - 1))).toBe(false);
    expect(isLapsed(open, at(48 * HOUR))).toBe(true);
    expect(
      code(() =>
        decide(open, 'seller', { kind: 'accept', orderId: 'x' }, at(48 * HOUR - 1), rules),
      ),
    ).toBeNull();
    for (const command of [{ kind: 'accept', orderId: 'x' }, { kind: 'decline' }] as OfferCommand[])
      expect(code(() => decide(open, 'seller', command, at(48 * HOUR), rules))).toBe(
        'ORDERS.OFFER_EXPIRED',
      );
    expect(code(() => decide(open, 'buyer', { kind: 'withdraw' }, at(48 * HOUR), rules))).toBe(
      'ORDERS.OFFER_EXPIRED',
    );
  });

  it('expire() ends a lapsed running offer and leaves everything else alone', () => {
    const open = inState('open');
    expect(expire(open, at(48 * HOUR - 1))).toBeNull();
    const change = expire(open, at(48 * HOUR))!;
    expect(change.offer.status).toBe('expired');
    expect(change.step).toEqual({
      kind: 'expired',
      by: 'system',
      amountCents: null,
      message: null,
      at: at(48 * HOUR),
    });
    // A counter restarts the clock: it lapses 48 h after the counter (made at 1 h).
    const countered = inState('countered');
    expect(expire(countered, at(48 * HOUR))).toBeNull();
    expect(expire(countered, at(49 * HOUR))?.offer.status).toBe('expired');
    for (const s of ['accepted', 'declined', 'withdrawn', 'expired'] as OfferStatus[])
      expect(expire(inState(s), at(1_000 * HOUR))).toBeNull();
  });
});

describe('actorOf', () => {
  it('knows the buyer and the seller, nobody else', () => {
    const o = inState('open');
    expect(actorOf(o, 'buyer')).toBe('buyer');
    expect(actorOf(o, 'seller')).toBe('seller');
    expect(actorOf(o, 'stranger')).toBeNull();
  });
});

describe('closeFor: another order took the listing (ADR 0037)', () => {
  const order = { buyerId: 'other-buyer', byOffer: false };

  it('closes an open offer and a counter with the reason, a system step and no turn left', () => {
    for (const status of ['open', 'countered'] as const) {
      const change = closeFor(
        inState(status),
        { buyerId: 'other-buyer', byOffer: true },
        at(2 * HOUR),
      );
      expect(change).not.toBeNull();
      expect(change!.offer).toMatchObject({
        status: 'closed',
        closedReason: 'other_offer_accepted',
        orderId: null,
        updatedAt: at(2 * HOUR),
      });
      expect(change!.step).toEqual({
        kind: 'closed',
        by: 'system',
        amountCents: null,
        message: null,
        at: at(2 * HOUR),
      });
      expect(change!.offer.steps.at(-1)).toBe(change!.step);
      expect(awaiting(change!.offer)).toBeNull();
    }
  });

  it('names the reason after who took the listing: another buyer’s checkout, or the offer’s own buyer', () => {
    expect(closeFor(inState('open'), order, t0)!.offer.closedReason).toBe('reserved_by_checkout');
    expect(
      closeFor(inState('open'), { buyerId: 'buyer', byOffer: false }, t0)!.offer.closedReason,
    ).toBe('buyer_checked_out');
  });

  it('closes a lapsed offer the expirer has not reached yet, and leaves ended ones alone', () => {
    expect(closeFor(inState('open'), order, at(49 * HOUR))!.offer.status).toBe('closed');
    for (const status of ['accepted', 'declined', 'withdrawn', 'expired', 'closed'] as const)
      expect(closeFor(inState(status), order, t0)).toBeNull();
  });

  it('a closed offer refuses every step, for both parties', () => {
    const closed = closeFor(inState('countered'), order, at(2 * HOUR))!.offer;
    for (const actor of ['buyer', 'seller'] as const)
      for (const command of [
        { kind: 'accept', orderId: 'x' },
        { kind: 'decline' },
        { kind: 'withdraw' },
        { kind: 'counter', amountCents: 9_000, message: null },
      ] as const)
        expect(() => decide(closed, actor, command, at(3 * HOUR), rules)).toThrow(
          expect.objectContaining({ code: 'ORDERS.OFFER_CLOSED' }),
        );
    expect(expire(closed, at(100 * HOUR))).toBeNull();
  });
});

describe('closeOnListingRemoved: the listing was withdrawn or removed', () => {
  it('closes an open offer, a counter and a lapsed one with listing_removed and a system step', () => {
    for (const [status, now] of [
      ['open', at(HOUR)],
      ['countered', at(HOUR)],
      ['open', at(49 * HOUR)],
    ] as const) {
      const change = closeOnListingRemoved(inState(status), now);
      expect(change!.offer).toMatchObject({
        status: 'closed',
        closedReason: 'listing_removed',
        updatedAt: now,
      });
      expect(change!.step).toEqual({
        kind: 'closed',
        by: 'system',
        amountCents: null,
        message: null,
        at: now,
      });
      expect(awaiting(change!.offer)).toBeNull();
    }
  });

  it('leaves ended offers alone, an accepted one included (its order holds the item)', () => {
    for (const status of ['accepted', 'declined', 'withdrawn', 'expired', 'closed'] as const)
      expect(closeOnListingRemoved(inState(status), t0)).toBeNull();
  });
});
