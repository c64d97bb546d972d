import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { type TestIssuer } from '@loadout/auth/testing';
import { newUserId } from './factories/identity-event.factory';
import { type NotificationListDto } from '../src/inbox/list-notifications/list-notifications.dto';
import { insertNotification } from './factories/notification.factory';
import {
  startNotificationsTestApp,
  type CallInit,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(20_000);

describe('notifications service: the in-app inbox API (list, unread count, mark read)', () => {
  let t: NotificationsTestApp;
  let ds: DataSource;
  let issuer: TestIssuer;

  const call = <T = unknown>(path: string, init?: CallInit) => t.call<T>(path, init);

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_inbox');
    ds = t.ds;
    issuer = t.issuer;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('in-app notifications API', () => {
    const alice = 'alice-' + newUserId().slice(0, 10);
    const bob = 'bob-' + newUserId().slice(0, 10);
    let aliceToken: string;
    let bobToken: string;
    const aliceIds: string[] = [];
    let bobId: string;

    beforeAll(async () => {
      aliceToken = await issuer.sign({ sub: alice });
      bobToken = await issuer.sign({ sub: bob });
      for (let i = 1; i <= 12; i++) {
        const n = await insertNotification(ds, alice, {
          title: `Alice ${i}`,
          type: i % 2 ? 'shipped' : 'payment_confirmed',
          navigateTo: i === 12 ? '/buyer-dashboard' : null,
          createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)),
        });
        aliceIds.push(n.id);
      }
      bobId = (await insertNotification(ds, bob, { title: 'Bob 1', type: 'new_purchase' })).id;
    });

    it('refuses anonymous callers', async () => {
      for (const [method, path] of [
        ['GET', '/api/v1/notifications'],
        ['GET', '/api/v1/notifications/unread-count'],
        ['POST', `/api/v1/notifications/${bobId}/read`],
        ['POST', '/api/v1/notifications/read-all'],
        ['POST', '/api/v1/notifications/seen'],
      ] as const) {
        const res = await call(path, { method });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 'AUTH.REQUIRED' });
      }
    });

    it("lists only the caller's notifications, the latest 10 newest first by default", async () => {
      const res = await call<NotificationListDto>('/api/v1/notifications', { token: aliceToken });
      expect(res.status).toBe(200);
      expect(res.body.unreadCount).toBe(12);
      expect(res.body.items.map((n) => n.title)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Alice ${12 - i}`),
      );
      expect(res.body.items[0]).toEqual({
        id: aliceIds[11],
        type: 'payment_confirmed',
        title: 'Alice 12',
        message: expect.any(String),
        read: false,
        created_at: '2026-01-01T12:00:12.000Z',
        navigateTo: '/buyer-dashboard',
        offPlatformWarning: false,
      });
      const bobs = await call<NotificationListDto>('/api/v1/notifications', { token: bobToken });
      expect(bobs.body.items.map((n) => n.id)).toEqual([bobId]);
      expect(bobs.body.unreadCount).toBe(1);
    });

    it('takes a limit from 1 to 50', async () => {
      const two = await call<NotificationListDto>('/api/v1/notifications?limit=2', {
        token: aliceToken,
      });
      expect(two.body.items.map((n) => n.title)).toEqual(['Alice 12', 'Alice 11']);
      const fifty = await call<NotificationListDto>('/api/v1/notifications?limit=50', {
        token: aliceToken,
      });
      expect(fifty.body.items).toHaveLength(12);
      for (const bad of ['0', '51', 'ten', '2.5']) {
        const res = await call(`/api/v1/notifications?limit=${bad}`, { token: aliceToken });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'COMMON.VALIDATION_FAILED' });
      }
    });

    it("answers 404 for someone else's notification and leaves it unread", async () => {
      const res = await call(`/api/v1/notifications/${bobId}/read`, {
        method: 'POST',
        token: aliceToken,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'NOTIFICATIONS.NOT_FOUND',
        message: 'That notification could not be found.',
      });
      expect((await call('/api/v1/notifications/unread-count', { token: bobToken })).body).toEqual({
        count: 1,
      });
      const garbage = await call('/api/v1/notifications/not-an-id/read', {
        method: 'POST',
        token: aliceToken,
      });
      expect(garbage.status).toBe(404);
    });

    it('marks one read, idempotently, and counts the rest', async () => {
      const path = `/api/v1/notifications/${aliceIds[11]}/read`;
      const first = await call(path, { method: 'POST', token: aliceToken });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ count: 11 });
      const again = await call(path, { method: 'POST', token: aliceToken });
      expect(again.body).toEqual({ count: 11 });
      const list = await call<NotificationListDto>('/api/v1/notifications?limit=2', {
        token: aliceToken,
      });
      expect(list.body.items.map((n) => n.read)).toEqual([true, false]);
      expect(list.body.unreadCount).toBe(11);
    });

    it("marks all read for the caller only, never for anyone else's", async () => {
      const res = await call('/api/v1/notifications/read-all', {
        method: 'POST',
        token: bobToken,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 0 });
      expect(
        (await call('/api/v1/notifications/unread-count', { token: aliceToken })).body,
      ).toEqual({ count: 11 });

      await call('/api/v1/notifications/read-all', { method: 'POST', token: aliceToken });
      const list = await call<NotificationListDto>('/api/v1/notifications?limit=50', {
        token: aliceToken,
      });
      expect(list.body.unreadCount).toBe(0);
      expect(list.body.items.every((n) => n.read)).toBe(true);
    });
  });

  describe('POST /api/v1/notifications/seen (the bell was opened)', () => {
    const carol = 'carol-' + newUserId().slice(0, 10);
    const dave = 'dave-' + newUserId().slice(0, 10);
    let carolToken: string;
    let daveToken: string;

    beforeAll(async () => {
      carolToken = await issuer.sign({ sub: carol });
      daveToken = await issuer.sign({ sub: dave });
    });

    it('marks read only the ids the bell showed, leaving a newer one unread', async () => {
      const shown = [
        (await insertNotification(ds, carol, { title: 'Carol 1' })).id,
        (await insertNotification(ds, carol, { title: 'Carol 2' })).id,
      ];
      const arrivedAfter = (await insertNotification(ds, carol, { title: 'Carol 3' })).id;
      const res = await call('/api/v1/notifications/seen', {
        method: 'POST',
        token: carolToken,
        json: { ids: shown },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 1 });
      const list = await call<NotificationListDto>('/api/v1/notifications', { token: carolToken });
      expect(list.body.items.filter((n) => !n.read).map((n) => n.id)).toEqual([arrivedAfter]);
      const again = await call('/api/v1/notifications/seen', {
        method: 'POST',
        token: carolToken,
        json: { ids: shown },
      });
      expect(again.body).toEqual({ count: 1 });
    });

    it("ignores someone else's ids and ids that are not ids, without saying which", async () => {
      const daves = (await insertNotification(ds, dave, { title: 'Dave 1' })).id;
      const res = await call('/api/v1/notifications/seen', {
        method: 'POST',
        token: carolToken,
        json: { ids: [daves, 'not-an-id'] },
      });
      expect(res.status).toBe(200);
      expect((await call('/api/v1/notifications/unread-count', { token: daveToken })).body).toEqual(
        { count: 1 },
      );
    });

    it('refuses a body without a list of ids, or with more than 50', async () => {
      for (const body of [
        {},
        { ids: 'x' },
        { ids: [1] },
        { ids: null },
        { ids: Array(51).fill('a') },
      ]) {
        const res = await call('/api/v1/notifications/seen', {
          method: 'POST',
          token: carolToken,
          json: body,
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'COMMON.VALIDATION_FAILED' });
      }
    });
  });
});
