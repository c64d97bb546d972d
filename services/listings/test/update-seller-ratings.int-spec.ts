import 'reflect-metadata';
import { type ListingDto, type ReviewPublishedV1 } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { waitFor } from '@loadout/events/testing';
import { useListingsApp } from './support/listings-harness';

describe("orders' published reviews → seller ratings", () => {
  const t = useListingsApp();

  const published = (subjectId: string, count: number, sum: number) => {
    const reviewId = newId();
    const payload: ReviewPublishedV1 = {
      reviewId,
      orderId: newId(),
      listingId: newId(),
      listingTitle: 'Tokyo Marui M4',
      authorId: newId(),
      authorRole: 'buyer',
      subjectId,
      subjectRole: 'seller',
      rating: 4,
      comment: null,
      createdAt: new Date().toISOString(),
      publishedAt: new Date().toISOString(),
      subjectRating: { count, sum },
    };
    return t.orders.publish({
      type: 'orders.review.published.v1',
      aggregateId: reviewId,
      payload,
    });
  };

  const ratingRow = async (sellerId: string) =>
    (
      (await t.ds.query(
        `SELECT rating_count AS count, rating_sum AS sum FROM listings.seller_ratings
        WHERE seller_id = $1`,
        [sellerId],
      )) as { count: number; sum: number }[]
    )[0] ?? null;

  it('carries the rating on the seller card and the listing cards', async () => {
    const seller = await t.newSeller();
    const listing = await t.create(seller.token);
    const before = await t.call<ListingDto>(`/api/v1/listings/${listing.id}`);
    expect(before.body.seller.rating).toBeUndefined();

    await published(seller.id, 3, 13);
    await waitFor('rating applied', async () => (await ratingRow(seller.id))?.count === 3);

    const detail = await t.call<ListingDto>(`/api/v1/listings/${listing.id}`, {
      token: seller.token,
    });
    expect(detail.body.seller.rating).toEqual({ average: 4.33, count: 3 });
    const cards = await t.browse(`sellerId=${seller.id}`, seller.token);
    expect(cards.body.items.find((c) => c.id === listing.id)?.sellerRating).toEqual({
      average: 4.33,
      count: 3,
    });
  });

  it('keeps the summary with the highest count when events arrive out of order', async () => {
    const sellerId = newId();
    await published(sellerId, 2, 9);
    await waitFor('newer summary applied', async () => (await ratingRow(sellerId))?.count === 2);
    const late = await published(sellerId, 1, 5);
    await waitFor('late event consumed', async () => {
      const rows = (await t.ds.query(
        `SELECT 1 FROM listings.inbox WHERE consumer = 'listings' AND event_id = $1`,
        [late.id],
      )) as unknown[];
      return rows.length === 1;
    });
    expect(await ratingRow(sellerId)).toEqual({ count: 2, sum: 9 });
  });
});
