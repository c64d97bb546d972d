import { type DisputePhotoView } from '@loadout/contracts';
import { blackPng } from '@loadout/images/testing';
import { DiscardUnattachedPhotosHandler } from '../src/disputes/discard-unattached-photos/discard-unattached-photos.handler';
import { disputePhotoKeys } from '../src/disputes/domain/dispute-photos';
import { DisputePhotoStore } from '../src/disputes/persistence/dispute-photo-store';
import { disputeSteps } from './support/dispute-steps';
import { type ErrorBody, paidOrder, useOrdersHarness } from './support/orders-harness';
import { type TestUser } from './factories/user.factory';

jest.setTimeout(60_000);

/**
 * Evidence photos of disputes (ADR 0037): uploaded through the shared image pipeline for an
 * order, attached when opening or posting, served only to the buyer, the seller and admins.
 */
describe('dispute evidence photos', () => {
  const h = useOrdersHarness('dispute_photos');
  const d = disputeSteps(h);

  const upload = async (user: TestUser, orderId: string, body: Buffer, type = 'image/png') => {
    const res = await fetch(`${h.base}/api/v1/orders/${orderId}/dispute-photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
      body,
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as DisputePhotoView & ErrorBody,
    };
  };
  const photo = (user: TestUser, disputeId: string, photoId: string, size = 'thumb') =>
    fetch(`${h.base}/api/v1/disputes/${disputeId}/photos/${photoId}?size=${size}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });

  it('opens a dispute with photos; its buyer, seller and admins see them, nobody else', async () => {
    const { seller, buyer, orderId } = await paidOrder(h);
    const a = await upload(buyer, orderId, blackPng(1600, 1200));
    const b = await upload(buyer, orderId, blackPng(300, 400));
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ id: expect.any(String), width: 1200, height: 900 });
    expect(b.body).toMatchObject({ width: 300, height: 400 });

    const opened = await d.open(buyer, orderId, { photoIds: [b.body.id, a.body.id] });
    expect(opened.status).toBe(201);
    expect(opened.body.photos).toEqual([b.body, a.body]);
    const id = opened.body.id;

    const admin = await h.user(['admin']);
    for (const who of [buyer, seller, admin]) {
      const view = await d.view(who, id);
      expect(view.body.photos!.map((p) => p.id)).toEqual([b.body.id, a.body.id]);
      const res = await photo(who, id, a.body.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    const stranger = await h.user();
    expect((await photo(stranger, id, a.body.id)).status).toBe(404);
    expect((await d.view(stranger, id)).status).toBe(404);
    // The list view stays light (no thread, no photos).
    const list = await h.call<{ items: { photos?: unknown }[] }>('/api/v1/disputes?role=buyer', {
      token: buyer.token,
    });
    expect(list.body.items[0]).not.toHaveProperty('photos');
  });

  it('posts photos in the thread, from either party', async () => {
    const { seller, buyer, orderId } = await paidOrder(h);
    const opened = await d.open(buyer, orderId);
    expect(opened.body.photos).toEqual([]);
    const p = await upload(seller, orderId, blackPng(640, 480));
    expect(p.status).toBe(201);
    const posted = await h.call<{ messages: { body: string; photos: DisputePhotoView[] }[] }>(
      `/api/v1/disputes/${opened.body.id}/messages`,
      { token: seller.token, json: { body: 'Here is how I packed it.', photoIds: [p.body.id] } },
    );
    expect(posted.status).toBe(201);
    expect(posted.body.messages.at(-1)).toMatchObject({
      body: 'Here is how I packed it.',
      photos: [{ id: p.body.id, width: 640, height: 480 }],
    });
    expect((await photo(buyer, opened.body.id, p.body.id, 'large')).status).toBe(200);
    // Sent once: the same photo cannot be attached again.
    const again = await h.call<ErrorBody>(`/api/v1/disputes/${opened.body.id}/messages`, {
      token: seller.token,
      json: { body: 'Again', photoIds: [p.body.id] },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('DISPUTES.PHOTO_NOT_FOUND');
  });

  it("refuses another user's photo, another order's photo and a sixth photo; nothing is opened", async () => {
    const { seller, buyer, orderId } = await paidOrder(h);
    const other = await paidOrder(h);
    const sellers = await upload(seller, orderId, blackPng(100, 100));
    const elsewhere = await upload(other.buyer, other.orderId, blackPng(100, 100));
    for (const ids of [[sellers.body.id], [elsewhere.body.id]]) {
      const res = await d.open(buyer, orderId, { photoIds: ids });
      expect(res.status).toBe(400);
      expect((res.body as unknown as ErrorBody).code).toBe('DISPUTES.PHOTO_NOT_FOUND');
    }
    const six = [];
    for (let i = 0; i < 6; i++) six.push((await upload(buyer, orderId, blackPng(50, 50))).body.id);
    const tooMany = await d.open(buyer, orderId, { photoIds: six });
    expect(tooMany.status).toBe(400);
    expect((await h.order(buyer, orderId)).body.status).toBe('paid');
    // Five is fine.
    const five = await d.open(buyer, orderId, { photoIds: six.slice(0, 5) });
    expect(five.status).toBe(201);
    expect(five.body.photos).toHaveLength(5);
    // A photo of this order not attached to the dispute is not served through it.
    expect((await photo(buyer, five.body.id, six[5]!)).status).toBe(404);
    expect((await photo(buyer, five.body.id, elsewhere.body.id)).status).toBe(404);
  });

  it('only the parties and admins upload; the body must be an image', async () => {
    const { buyer, orderId } = await paidOrder(h);
    const stranger = await h.user();
    expect((await upload(stranger, orderId, blackPng(10, 10))).status).toBe(404);
    const notImage = await upload(buyer, orderId, Buffer.from('not an image at all'));
    expect(notImage.status).toBe(400);
    const empty = await upload(buyer, orderId, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const admin = await h.user(['admin']);
    expect((await upload(admin, orderId, blackPng(10, 10))).status).toBe(201);
  });

  it('drops photos never attached after a day, files included; attached ones stay', async () => {
    const { buyer, orderId } = await paidOrder(h);
    const kept = await upload(buyer, orderId, blackPng(20, 20));
    const stale = await upload(buyer, orderId, blackPng(20, 20));
    const fresh = await upload(buyer, orderId, blackPng(20, 20));
    const opened = await d.open(buyer, orderId, { photoIds: [kept.body.id] });
    expect(opened.status).toBe(201);
    await h.ds.query(
      `UPDATE orders.dispute_photos SET created_at = now() - interval '25 hours' WHERE id = ANY($1)`,
      [[kept.body.id, stale.body.id]],
    );
    const store = h.app.get(DisputePhotoStore);
    const keys = disputePhotoKeys(orderId, stale.body.id);
    expect((await store.get(keys.thumb)).length).toBeGreaterThan(0);

    expect(await h.app.get(DiscardUnattachedPhotosHandler).execute()).toBe(1);
    const left = (await h.ds.query(
      `SELECT id FROM orders.dispute_photos WHERE order_id = $1 ORDER BY id`,
      [orderId],
    )) as { id: string }[];
    expect(left.map((r) => r.id).sort()).toEqual([kept.body.id, fresh.body.id].sort());
    await expect(store.get(keys.large)).rejects.toMatchObject({ code: 'STORAGE.NOT_FOUND' });
    await expect(store.get(keys.thumb)).rejects.toMatchObject({ code: 'STORAGE.NOT_FOUND' });
    expect((await photo(buyer, opened.body.id, kept.body.id)).status).toBe(200);
  });
});
