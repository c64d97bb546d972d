// Medium test: ListingReservations called directly on a real database (no HTTP), where the
// races of the orders flow can be driven hard. What crosses the wire (the internal token, the
// routes' answers) stays in ../reservations.int-spec.ts.
import 'reflect-metadata';
import { CreateListingHandler } from '../../src/listings/create-listing/create-listing.handler';
import { ListingReservations } from '../../src/listings/reservations/listing-reservations';
import { buildListing } from '../factories/listing.factory';
import { useListingsModule } from '../support/listings-module';

const RESERVED = 'listings.listing.reserved.v1';

describe('ListingReservations (medium: real database, no HTTP)', () => {
  const m = useListingsModule();
  const reservations = () => m.get(ListingReservations);

  const publishedListing = async (publish = true) => {
    const created = await m
      .get(CreateListingHandler)
      .create(buildListing({ publish }), m.newActor());
    return created.id;
  };

  const codeOf = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : 'fulfilled';

  it('lets exactly one of 12 concurrent orders reserve a listing, with one event', async () => {
    const id = await publishedListing();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => reservations().reserve(id, `order-${i}`)),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(outcomes.map(codeOf).filter((c) => c === 'LISTINGS.NOT_AVAILABLE')).toHaveLength(11);

    const [row] = await m.ds.query(
      `SELECT status, reserved_order_id FROM listings.listings WHERE id = $1`,
      [id],
    );
    const winner = outcomes.findIndex((o) => o.status === 'fulfilled');
    expect(row).toEqual({ status: 'reserved', reserved_order_id: `order-${winner}` });
    expect((await m.outboxTopics(id)).filter((t) => t === RESERVED)).toHaveLength(1);
  });

  it('applies 8 concurrent repeats of one order once: one change, one event', async () => {
    const id = await publishedListing();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => reservations().reserve(id, 'order-same')),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.every((r) => r.status === 'reserved')).toBe(true);
    expect((await m.outboxTopics(id)).filter((t) => t === RESERVED)).toHaveLength(1);
  });

  it('lets a release and a sale race: exactly one wins and the events follow the winner', async () => {
    const id = await publishedListing();
    await reservations().reserve(id, 'order-race');
    const [released, sold] = await Promise.allSettled([
      reservations().release(id, 'order-race'),
      reservations().markSold(id, 'order-race'),
    ]);
    const [row] = await m.ds.query(`SELECT status FROM listings.listings WHERE id = $1`, [id]);
    const topics = await m.outboxTopics(id);
    // Whichever committed first decides; the other is refused (released → not reserved any
    // more) or a no-op, never both applied.
    if (row.status === 'sold') {
      expect(sold.status).toBe('fulfilled');
      expect(topics.slice(-2)).toEqual([RESERVED, 'listings.listing.sold.v1']);
      expect(codeOf(released)).toBe('LISTINGS.NOT_AVAILABLE');
    } else {
      expect(row.status).toBe('active');
      expect(released.status).toBe('fulfilled');
      expect(topics.slice(-2)).toEqual([RESERVED, 'listings.listing.released.v1']);
      expect(codeOf(sold)).toBe('LISTINGS.NOT_AVAILABLE');
    }
  });

  it('refuses a draft and an unknown listing without writing an event', async () => {
    const draft = await publishedListing(false);
    await expect(reservations().reserve(draft, 'order-d')).rejects.toMatchObject({
      code: 'LISTINGS.NOT_AVAILABLE',
    });
    expect(await m.outboxTopics(draft)).toEqual([]);
    await expect(reservations().reserve('no-such-listing-000000', 'order-x')).rejects.toMatchObject(
      { code: 'LISTINGS.NOT_FOUND' },
    );
  });
});
