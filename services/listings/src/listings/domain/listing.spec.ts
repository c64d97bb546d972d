import { type ListingInput, type ListingStatus } from '@loadout/contracts';
import { type AppError } from '@loadout/errors';
import { Listing, type ListingChange, type ListingProps } from './listing';
import { toFields } from './listing-fields';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const BEFORE = new Date('2026-11-20T10:00:00.000Z');
const SELLER = 'seller-1';
const OWNER = { userId: SELLER, admin: false };
const ADMIN = { userId: 'admin-1', admin: true };
const STRANGER = { userId: 'someone', admin: false };
const STATUSES: ListingStatus[] = ['draft', 'active', 'reserved', 'sold', 'removed', 'hidden'];

const complete: ListingInput = {
  title: 'Tokyo Marui Hi-Capa 5.1',
  description: 'A well kept gas pistol with two magazines, chronographed last month.',
  category: 'pistols',
  condition: 'good',
  priceCents: 12_000,
  county: 'Dublin',
  shipping: { postageCents: 900, collection: true },
  fps: 300,
  bbWeightGrams: 0.2,
};

function listingIn(status: ListingStatus, over: Partial<ListingProps> = {}): Listing {
  return Listing.restore({
    ...toFields(complete),
    id: 'lst_1',
    sellerId: SELLER,
    status,
    thumbUrl: '/t.webp',
    imageCount: 2,
    favoriteCount: 3,
    featuredAt: null,
    removedBy: status === 'removed' ? 'owner' : null,
    removalReason: null,
    reservedOrderId: status === 'reserved' ? 'ord_1' : null,
    reservationState: status === 'reserved' ? 'checkout' : null,
    soldOrderId: status === 'sold' ? 'ord_1' : null,
    publishedAt: status === 'draft' ? null : BEFORE,
    createdAt: BEFORE,
    updatedAt: BEFORE,
    version: 4,
    ...over,
  });
}

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as AppError).code;
  }
};
const types = (c: ListingChange | null) => c?.events.map((e) => e.type) ?? null;

describe('Listing aggregate (issue 29)', () => {
  describe('create', () => {
    it('makes a draft that announces nothing, or a published listing at once', () => {
      const draft = Listing.create(
        { id: 'a', sellerId: SELLER, input: { title: 'Just a title' }, publish: false },
        NOW,
      );
      expect(draft.props).toMatchObject({ status: 'draft', publishedAt: null, version: 1 });
      expect(draft.created(null)).toEqual({ listing: draft, events: [], publicChange: false });

      const live = Listing.create(
        {
          id: 'b',
          sellerId: SELLER,
          input: { ...complete, imageIds: ['i1'] },
          publish: true,
        },
        NOW,
      );
      expect(live.props).toMatchObject({ status: 'active', publishedAt: NOW, joules: 0.836 });
      const created = live.created({ thumbUrl: '/i1.webp', count: 1, reordered: true });
      expect(types(created)).toEqual(['listings.listing.published.v1']);
      expect(created.listing.props).toMatchObject({ thumbUrl: '/i1.webp', imageCount: 1 });
      expect(created.publicChange).toBe(true);
    });

    it('refuses what the rules refuse, the 1 joule limit with its own code', () => {
      expect(
        codeOf(() =>
          Listing.create({ id: 'c', sellerId: SELLER, input: { title: '' }, publish: false }, NOW),
        ),
      ).toBe('LISTINGS.VALIDATION_FAILED');
      expect(
        codeOf(() =>
          Listing.create(
            {
              id: 'd',
              sellerId: SELLER,
              input: { ...complete, fps: 500, imageIds: ['i'] },
              publish: true,
            },
            NOW,
          ),
        ),
      ).toBe('LISTINGS.JOULE_LIMIT_EXCEEDED');
    });
  });

  describe('access', () => {
    it.each([
      ['draft', 'not_found', 'not_owner', 'allowed'],
      ['active', 'not_owner', 'not_owner', 'allowed'],
      ['reserved', 'not_owner', 'not_owner', 'allowed'],
      ['sold', 'not_owner', 'not_owner', 'allowed'],
      ['removed', 'not_found', 'not_owner', 'allowed'],
      ['hidden', 'not_found', 'not_owner', 'allowed'],
    ] as const)(
      '%s: stranger %s, admin %s, admin as moderator %s',
      (status, stranger, admin, moderator) => {
        const l = listingIn(status);
        expect(l.access(OWNER, false)).toBe('allowed');
        expect(l.access(STRANGER, false)).toBe(stranger);
        expect(l.access(ADMIN, false)).toBe(admin);
        expect(l.access(ADMIN, true)).toBe(moderator);
      },
    );
  });

  describe('edit', () => {
    it.each(STATUSES)('%s: only drafts and active listings can be edited', (status) => {
      const code = codeOf(() => listingIn(status).checkEdit({ priceCents: 9_000 }));
      expect(code).toBe(status === 'draft' || status === 'active' ? null : 'LISTINGS.NOT_EDITABLE');
    });

    it('an active listing: changed fields, version bumped, updated announced', () => {
      const l = listingIn('active');
      const next = l.checkEdit({ priceCents: 9_000, title: 'Hi-Capa 5.1 gold match' });
      const c = l.edit(next, { publish: false, photos: null }, NOW)!;
      expect(c.listing.props).toMatchObject({ priceCents: 9_000, version: 5, updatedAt: NOW });
      expect(c.events).toEqual([
        { type: 'listings.listing.updated.v1', changed: ['title', 'priceCents'] },
      ]);
      expect(c.publicChange).toBe(true);
    });

    it('nothing changed: no change at all; reordered photos alone are a change', () => {
      const l = listingIn('active');
      const same = l.checkEdit({ priceCents: l.props.priceCents! });
      expect(l.edit(same, { publish: false, photos: null }, NOW)).toBeNull();
      expect(
        l.edit(
          same,
          { publish: false, photos: { thumbUrl: '/t.webp', count: 2, reordered: false } },
          NOW,
        ),
      ).toBeNull();
      const moved = l.edit(
        same,
        { publish: false, photos: { thumbUrl: '/b.webp', count: 2, reordered: true } },
        NOW,
      )!;
      expect(moved.events).toEqual([{ type: 'listings.listing.updated.v1', changed: ['images'] }]);
      expect(moved.listing.props.thumbUrl).toBe('/b.webp');
    });

    it('a draft: edits announce nothing and are not public; publish makes it active once', () => {
      const d = listingIn('draft');
      const edited = d.edit(
        d.checkEdit({ priceCents: 5_000 }),
        { publish: false, photos: null },
        NOW,
      )!;
      expect(edited.events).toEqual([]);
      expect(edited.publicChange).toBe(false);
      expect(edited.listing.props.version).toBe(5);

      const published = d.edit(
        d.checkEdit({ publish: true }),
        { publish: true, photos: null },
        NOW,
      )!;
      expect(published.listing.props).toMatchObject({ status: 'active', publishedAt: NOW });
      expect(types(published)).toEqual(['listings.listing.published.v1']);
      // `publish` on an active listing is only an edit.
      const again = published.listing;
      expect(
        again.edit(again.checkEdit({ publish: true }), { publish: true, photos: null }, NOW),
      ).toBeNull();
    });

    it('an active listing is validated as a whole; a draft only for what it has', () => {
      expect(codeOf(() => listingIn('active').checkEdit({ priceCents: 0 }))).toBe(
        'LISTINGS.VALIDATION_FAILED',
      );
      expect(codeOf(() => listingIn('active').checkEdit({ fps: 600 }))).toBe(
        'LISTINGS.JOULE_LIMIT_EXCEEDED',
      );
      const bare = listingIn('draft', { ...toFields({ title: 'Bare draft' }), imageCount: 0 });
      expect(
        codeOf(() =>
          bare.checkEdit({
            description: 'No price yet, but a proper description of the replica for sale.',
          }),
        ),
      ).toBeNull();
      expect(codeOf(() => bare.checkEdit({ publish: true }))).toBe('LISTINGS.VALIDATION_FAILED');
    });
  });

  describe('remove', () => {
    it.each([
      ['draft', null, []],
      ['active', null, ['listings.listing.removed.v1']],
      ['reserved', 'LISTINGS.NOT_EDITABLE', null],
      ['sold', 'LISTINGS.NOT_EDITABLE', null],
      ['removed', null, null],
      ['hidden', 'LISTINGS.NOT_EDITABLE', null],
    ] as const)('by the owner, %s → code %s, events %j', (status, code, events) => {
      let change: ListingChange | null = null;
      expect(codeOf(() => (change = listingIn(status).remove(OWNER, undefined, NOW)))).toBe(code);
      expect(types(change)).toEqual(events);
      if (change)
        expect((change as ListingChange).listing.props).toMatchObject({
          status: 'removed',
          removedBy: 'owner',
          removalReason: null,
          version: 5,
        });
    });

    it('by a moderator: needs a reason of 5 to 500 characters, kept on the listing', () => {
      expect(codeOf(() => listingIn('active').remove(ADMIN, ' bad ', NOW))).toBe(
        'LISTINGS.REASON_REQUIRED',
      );
      expect(codeOf(() => listingIn('active').remove(ADMIN, 'x'.repeat(501), NOW))).toBe(
        'LISTINGS.REASON_REQUIRED',
      );
      const c = listingIn('active').remove(ADMIN, '  Replica over the limit  ', NOW)!;
      expect(c.listing.props).toMatchObject({
        removedBy: 'moderator',
        removalReason: 'Replica over the limit',
      });
    });
  });

  describe('feature', () => {
    it.each(STATUSES)(
      '%s: only an active listing can be featured; un-featuring is allowed',
      (status) => {
        const code = codeOf(() => listingIn(status).feature(true, NOW));
        expect(code).toBe(status === 'active' ? null : 'LISTINGS.NOT_AVAILABLE');
        const off = listingIn(status, { featuredAt: BEFORE }).feature(false, NOW)!;
        expect(off.listing.props.featuredAt).toBeNull();
        expect(types(off)).toEqual(status === 'active' ? ['listings.listing.updated.v1'] : []);
      },
    );

    it('featuring a featured listing changes nothing; the first time announces featured', () => {
      expect(listingIn('active', { featuredAt: BEFORE }).feature(true, NOW)).toBeNull();
      const c = listingIn('active').feature(true, NOW)!;
      expect(c.listing.props).toMatchObject({ featuredAt: NOW, version: 5 });
      expect(c.events).toEqual([{ type: 'listings.listing.updated.v1', changed: ['featured'] }]);
    });
  });

  describe('order commands (idempotent by order id)', () => {
    const run = (
      l: Listing,
      cmd: 'reserve' | 'release' | 'sold',
      orderId = 'ord_1',
      suspended = false,
    ) => l.order(cmd, orderId, { sellerSuspended: suspended }, NOW);

    it.each([
      // status, command, order → resulting status, or a code, or 'noop'
      ['draft', 'reserve', 'ord_2', 'LISTINGS.NOT_AVAILABLE'],
      ['active', 'reserve', 'ord_2', 'reserved'],
      ['reserved', 'reserve', 'ord_1', 'noop'],
      ['reserved', 'reserve', 'ord_2', 'LISTINGS.NOT_AVAILABLE'],
      ['sold', 'reserve', 'ord_1', 'noop'],
      ['sold', 'reserve', 'ord_2', 'LISTINGS.NOT_AVAILABLE'],
      ['removed', 'reserve', 'ord_2', 'LISTINGS.NOT_AVAILABLE'],
      ['hidden', 'reserve', 'ord_2', 'LISTINGS.NOT_AVAILABLE'],
      ['draft', 'release', 'ord_1', 'noop'],
      ['active', 'release', 'ord_1', 'noop'],
      ['reserved', 'release', 'ord_1', 'active'],
      ['reserved', 'release', 'ord_2', 'LISTINGS.NOT_AVAILABLE'],
      ['sold', 'release', 'ord_1', 'LISTINGS.NOT_AVAILABLE'],
      ['removed', 'release', 'ord_1', 'noop'],
      ['hidden', 'release', 'ord_1', 'noop'],
      ['draft', 'sold', 'ord_1', 'LISTINGS.NOT_AVAILABLE'],
      ['active', 'sold', 'ord_1', 'LISTINGS.NOT_AVAILABLE'],
      ['reserved', 'sold', 'ord_1', 'sold'],
      ['reserved', 'sold', 'ord_2', 'LISTINGS.NOT_AVAILABLE'],
      ['sold', 'sold', 'ord_1', 'noop'],
      ['sold', 'sold', 'ord_2', 'LISTINGS.NOT_AVAILABLE'],
      ['removed', 'sold', 'ord_1', 'LISTINGS.NOT_AVAILABLE'],
      ['hidden', 'sold', 'ord_1', 'LISTINGS.NOT_AVAILABLE'],
    ] as const)('%s + %s for %s → %s', (status, cmd, orderId, want) => {
      const l = listingIn(status);
      let result: ReturnType<typeof run> | null = null;
      const code = codeOf(() => (result = run(l, cmd, orderId)));
      if (want.startsWith('LISTINGS.')) return expect(code).toBe(want);
      expect(code).toBeNull();
      const { change, terms } = result!;
      expect(terms).toEqual({
        sellerId: SELLER,
        title: l.props.title,
        priceCents: l.props.priceCents,
        postageCents: l.props.postageCents,
        collection: l.props.collection,
        county: l.props.county,
        thumbUrl: '/t.webp',
      });
      if (want === 'noop') return expect(change).toBeNull();
      expect(change!.listing.status).toBe(want);
      expect(change!.events).toEqual([
        {
          type: {
            reserve: 'listings.listing.reserved.v1',
            release: 'listings.listing.released.v1',
            sold: 'listings.listing.sold.v1',
          }[cmd],
          orderId,
        },
      ]);
      // Order commands are not the owner's edits: the version stays.
      expect(change!.listing.props.version).toBe(4);
    });

    describe('a reserve for a named buyer (ADR 0056) refuses before holding anything', () => {
      const reserveFor = (l: Listing, buyer: { id: string; delivery?: 'post' | 'collection' }) =>
        codeOf(() => l.order('reserve', 'ord_2', { sellerSuspended: false, buyer }, NOW));

      it.each([
        ['draft', 'LISTINGS.NOT_FOUND'],
        ['removed', 'LISTINGS.NOT_FOUND'],
        ['hidden', 'LISTINGS.NOT_FOUND'],
        ['reserved', 'LISTINGS.NOT_AVAILABLE'],
        ['sold', 'LISTINGS.NOT_AVAILABLE'],
        ['active', null],
      ] as const)('a %s listing → %s', (status, want) => {
        expect(reserveFor(listingIn(status), { id: 'buyer_1', delivery: 'post' })).toBe(want);
      });

      it('its own seller, even a listing they could not see otherwise', () => {
        expect(reserveFor(listingIn('active'), { id: SELLER })).toBe('LISTINGS.OWN_LISTING');
        expect(reserveFor(listingIn('draft'), { id: SELLER })).toBe('LISTINGS.NOT_FOUND');
      });

      it('a delivery the listing does not offer, and a listing without a price', () => {
        const noPost = listingIn('active', { postageCents: null, collection: true });
        expect(reserveFor(noPost, { id: 'b', delivery: 'post' })).toBe(
          'LISTINGS.DELIVERY_UNAVAILABLE',
        );
        expect(reserveFor(noPost, { id: 'b', delivery: 'collection' })).toBeNull();
        const noCollection = listingIn('active', { postageCents: 800, collection: false });
        expect(reserveFor(noCollection, { id: 'b', delivery: 'collection' })).toBe(
          'LISTINGS.DELIVERY_UNAVAILABLE',
        );
        expect(reserveFor(listingIn('active', { priceCents: null }), { id: 'b' })).toBe(
          'LISTINGS.NOT_AVAILABLE',
        );
      });

      it('the same order again is answered as before (its buyer and delivery pass)', () => {
        const held = listingIn('reserved', { reservedOrderId: 'ord_2' });
        const r = held.order(
          'reserve',
          'ord_2',
          { sellerSuspended: false, buyer: { id: 'buyer_1', delivery: 'post' } },
          NOW,
        );
        expect(r.change).toBeNull();
      });
    });

    it('reserve records the order and a checkout; release clears both; sold records the buyer order', () => {
      const reserved = run(listingIn('active'), 'reserve', 'ord_9').change!.listing;
      expect(reserved.props).toMatchObject({
        reservedOrderId: 'ord_9',
        reservationState: 'checkout',
      });
      const released = run(reserved, 'release', 'ord_9').change!.listing;
      expect(released.props).toMatchObject({ reservedOrderId: null, reservationState: null });
      const sold = run(reserved, 'sold', 'ord_9').change!.listing;
      expect(sold.props).toMatchObject({ status: 'sold', soldOrderId: 'ord_9' });
    });

    it('released while the seller is suspended: hidden, not active (ADR 0035)', () => {
      expect(run(listingIn('reserved'), 'release', 'ord_1', true).change!.listing.status).toBe(
        'hidden',
      );
    });
  });

  describe('paid', () => {
    it.each(STATUSES)('%s: only the reservation of this order becomes paid, once', (status) => {
      const c = listingIn(status).paid('ord_1', NOW);
      if (status !== 'reserved') return expect(c).toBeNull();
      expect(c!.listing.props.reservationState).toBe('paid');
      expect(c!.events).toEqual([]);
      expect(c!.listing.paid('ord_1', NOW)).toBeNull();
      expect(listingIn('reserved').paid('ord_2', NOW)).toBeNull();
    });
  });

  describe('suspension', () => {
    it.each(STATUSES)(
      '%s: hide moves only active → hidden, show only hidden → active',
      (status) => {
        const hide = listingIn(status).suspension(true, NOW);
        const show = listingIn(status).suspension(false, NOW);
        expect(hide?.listing.status ?? null).toBe(status === 'active' ? 'hidden' : null);
        expect(show?.listing.status ?? null).toBe(status === 'hidden' ? 'active' : null);
        for (const c of [hide, show].filter((x): x is ListingChange => x !== null)) {
          expect(c.events).toEqual([{ type: 'listings.listing.updated.v1', changed: ['status'] }]);
          expect(c.listing.props.version).toBe(5);
        }
      },
    );
  });

  describe('owner deleted (ADR 0039)', () => {
    it.each([
      ['draft', 'removed', []],
      ['active', 'removed', ['listings.listing.removed.v1']],
      ['hidden', 'removed', ['listings.listing.removed.v1']],
      ['reserved', null, null],
      ['sold', null, null],
      ['removed', null, null],
    ] as const)('%s → %s', (status, to, events) => {
      const c = listingIn(status).ownerDeleted(NOW);
      expect(c?.listing.status ?? null).toBe(to);
      expect(types(c)).toEqual(events);
      if (c) expect(c.listing.props).toMatchObject({ removedBy: 'owner', removalReason: null });
    });
  });
});
