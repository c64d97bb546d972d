import 'reflect-metadata';
import { type ReservationResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { ListingRepository } from '../src/listings/domain/listing-repository.port';
import { SqlListingRepository } from '../src/listings/persistence/listing.repository';
import { INTERNAL_TOKEN, type ErrorBody, useListingsApp } from './support/listings-harness';

/** ADR 0064: checkout's reserve decided on the listing as read, written only if its row is unchanged. */
describe('guarded reserve', () => {
  const t = useListingsApp();
  const { call, newSeller, create, outboxTopics } = t;

  const reserve = (id: string, orderId: string, buyerId = 'buyer-g1') =>
    call<ReservationResponse & ErrorBody>(`/internal/listings/${id}/reserve`, {
      method: 'POST',
      internal: INTERNAL_TOKEN,
      json: { orderId, buyerId, delivery: 'post' },
    });
  /** The listing's row and its events, as stored (a change not applied leaves both equal). */
  const rowsOf = async (id: string) => {
    const [row] = (await t.ds.query(
      `SELECT (SELECT row_to_json(l) FROM listings.listings l WHERE l.id = $1) AS listing,
              (SELECT json_agg(o.topic ORDER BY o.seq) FROM listings.outbox o
                WHERE o.aggregate_id = $1) AS events`,
      [id],
    )) as Record<string, unknown>[];
    return row!;
  };
  /** Another writer's change of the listing's row that no reservation rule looks at. */
  const touch = (id: string) =>
    t.ds.query(`UPDATE listings.listings SET updated_at = updated_at WHERE id = $1`, [id]);

  afterEach(() => jest.restoreAllMocks());

  it('reserves by the guarded write alone (no lock), with the seller card and the event', async () => {
    const seller = await newSeller('Aoife Byrne');
    const listing = await create(seller.token);
    const guarded = jest.spyOn(SqlListingRepository.prototype, 'saveIfUnchanged');
    const locked = jest.spyOn(SqlListingRepository.prototype, 'lock');

    const first = await reserve(listing.id, 'order-g1');
    const repeat = await reserve(listing.id, 'order-g1');
    const other = await reserve(listing.id, 'order-g2', 'buyer-g2');

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'reserved',
      changed: true,
      terms: { sellerId: seller.id, sellerDisplayName: 'Aoife Byrne' },
    });
    expect(repeat.body).toMatchObject({ status: 'reserved', changed: false });
    expect(repeat.body.terms?.sellerDisplayName).toBe('Aoife Byrne');
    expect([other.status, other.body.code]).toEqual([409, 'LISTINGS.NOT_AVAILABLE']);
    // One guarded write (the repeat and the refusal write nothing), and never a lock.
    expect(guarded).toHaveBeenCalledTimes(1);
    await expect(guarded.mock.results[0]!.value).resolves.toBe(true);
    expect(locked).not.toHaveBeenCalled();
    expect(await outboxTopics(listing.id)).toEqual([
      'listings.listing.published.v1',
      'listings.listing.reserved.v1',
    ]);
  });

  it('writes nothing of a change whose row was written since the read, then applies it when read again', async () => {
    const seller = await newSeller();
    const listing = await create(seller.token);
    const listings = t.app.get(ListingRepository);
    const uow = t.app.get(UnitOfWork, { strict: false });
    const read = await uow.read((tx) => listings.findForChange(tx, listing.id));
    const change = read!.listing.order(
      'reserve',
      'order-g3',
      { sellerSuspended: false },
      new Date(),
    ).change!;
    await touch(listing.id);
    const before = await rowsOf(listing.id);

    const stale = await uow.read((tx) =>
      listings.saveIfUnchanged(tx, change, { actorId: null }, read!.version),
    );

    expect(stale).toBe(false);
    expect(await rowsOf(listing.id)).toEqual(before);
    const again = await uow.read((tx) => listings.findForChange(tx, listing.id));
    expect(again!.version).not.toBe(read!.version);
    const applied = await uow.read((tx) =>
      listings.saveIfUnchanged(
        tx,
        again!.listing.order('reserve', 'order-g3', { sellerSuspended: false }, new Date()).change!,
        { actorId: null },
        again!.version,
      ),
    );
    expect(applied).toBe(true);
    expect(await outboxTopics(listing.id)).toEqual([
      'listings.listing.published.v1',
      'listings.listing.reserved.v1',
    ]);
  });

  it('decides again on the locked row when the row changed between the read and the write', async () => {
    const seller = await newSeller();
    const listing = await create(seller.token);
    const original = SqlListingRepository.prototype.findForChange;
    jest
      .spyOn(SqlListingRepository.prototype, 'findForChange')
      .mockImplementationOnce(async function (this: SqlListingRepository, tx, id) {
        const seen = await original.call(this, tx, id);
        await t.ds.query(
          `UPDATE listings.listings SET status = 'reserved', reserved_order_id = 'order-rival'
            WHERE id = $1`,
          [id],
        );
        return seen;
      });
    const locked = jest.spyOn(SqlListingRepository.prototype, 'lock');

    const late = await reserve(listing.id, 'order-g4');

    expect([late.status, late.body.code]).toEqual([409, 'LISTINGS.NOT_AVAILABLE']);
    expect(locked).toHaveBeenCalledTimes(1);
    expect(await outboxTopics(listing.id)).toEqual(['listings.listing.published.v1']);
  });

  it('one of many concurrent reserves of a listing wins; the others are refused', async () => {
    const seller = await newSeller();
    const listing = await create(seller.token);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserve(listing.id, `order-c${i}`, `buyer-c${i}`)),
    );

    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.changed).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await outboxTopics(listing.id)).toEqual([
      'listings.listing.published.v1',
      'listings.listing.reserved.v1',
    ]);
  });
});
