import { PgUnitOfWork } from '@loadout/service-kit';
import { SqlIdempotencyRepository } from '../src/escrow/persistence/idempotency.repository';
import { cards } from './factories/card.factory';
import { type ErrorBody, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

/**
 * Issue 23 scenario 9: an `Idempotency-Key` replays only the same request (user + route + body),
 * is forgotten after 24 h, and a claim left "in progress" by a request that died can be retaken.
 */
describe('Idempotency-Key on order routes', () => {
  const h = useOrdersHarness('orders_idempotency');

  const pendingOrder = async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const res = await h.checkout(buyer, listing.id);
    return { seller, buyer, listing, orderId: res.body.id };
  };

  it('refuses the key of a cancel with another reason (422) instead of replaying the first answer', async () => {
    const { buyer, orderId } = await pendingOrder();
    const first = await h.action(buyer, orderId, 'cancel', { reason: 'first' }, 'cancel-key-1');
    expect(first.status).toBe(200);

    const other = await h.action(
      buyer,
      orderId,
      'cancel',
      { reason: 'second different' },
      'cancel-key-1',
    );
    expect(other.status).toBe(422);
    expect((other.body as unknown as ErrorBody).code).toBe('ORDERS.IDEMPOTENCY_KEY_REUSED');
    expect(other.headers.get('idempotent-replayed')).toBeNull();

    // The same request again is a replay, whatever the order of the body's fields.
    const same = await h.action(buyer, orderId, 'cancel', { reason: 'first' }, 'cancel-key-1');
    expect(same.status).toBe(200);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    expect(same.body.cancelReason).toBe('first');
  });

  it('refuses a declined card sent with the key of a successful payment (422), not the first 202', async () => {
    const { buyer, orderId } = await pendingOrder();
    expect((await h.pay(buyer, orderId, cards.ok(), 'pay-key-1')).status).toBe(202);
    const declined = await h.pay(buyer, orderId, cards.declined(), 'pay-key-1');
    expect(declined.status).toBe(422);
    expect((declined.body as unknown as ErrorBody).code).toBe('ORDERS.IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses the same key on another route (422)', async () => {
    const { buyer, orderId } = await pendingOrder();
    expect((await h.pay(buyer, orderId, cards.ok(), 'route-key-1')).status).toBe(202);
    const other = await h.action(buyer, orderId, 'cancel', {}, 'route-key-1');
    expect(other.status).toBe(422);
  });

  it('keeps keys per user: another user with the same key runs their own request', async () => {
    const a = await pendingOrder();
    const b = await pendingOrder();
    expect((await h.action(a.buyer, a.orderId, 'cancel', {}, 'shared-key')).status).toBe(200);
    const other = await h.action(b.buyer, b.orderId, 'cancel', {}, 'shared-key');
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.body.id).toBe(b.orderId);
  });

  it('lets a key left in progress longer than the request timeout be retaken; a fresh one answers 409', async () => {
    const { buyer, orderId } = await pendingOrder();
    const body = { reason: 'retaken' };
    // A first attempt claimed the key, then its process died before it finished.
    expect((await h.action(buyer, orderId, 'cancel', body, 'stuck-key')).status).toBe(200);
    await h.ds.query(
      `UPDATE orders.idempotency_keys SET status_code = NULL, response = NULL
        WHERE user_id = $1 AND key = 'stuck-key'`,
      [buyer.id],
    );
    const fresh = await h.action(buyer, orderId, 'cancel', body, 'stuck-key');
    expect(fresh.status).toBe(409);
    expect((fresh.body as unknown as ErrorBody).code).toBe('ORDERS.IDEMPOTENCY_KEY_IN_USE');

    await h.ds.query(
      `UPDATE orders.idempotency_keys SET claimed_at = now() - interval '10 minutes'
        WHERE user_id = $1 AND key = 'stuck-key'`,
      [buyer.id],
    );
    // Retaken: the request runs again and meets the state machine (already cancelled).
    const retaken = await h.action(buyer, orderId, 'cancel', body, 'stuck-key');
    expect(retaken.status).toBe(409);
    expect((retaken.body as unknown as ErrorBody).code).toBe('ORDERS.ILLEGAL_TRANSITION');
  });

  it('lets one of two requests retaking the same dead claim run; the other is told it is in use', async () => {
    const uow = new PgUnitOfWork(h.ds);
    const keys = new SqlIdempotencyRepository();
    const request = { userId: 'retaker', key: 'dead-key', scope: 'POST /x', requestHash: 'h1' };
    await h.ds.query(
      `INSERT INTO orders.idempotency_keys (user_id, key, scope, request_hash, claim_id, claimed_at)
       VALUES ($1, $2, $3, $4, 'dead-claim', now() - interval '10 minutes')`,
      [request.userId, request.key, request.scope, request.requestHash],
    );
    // The first retakes the claim and holds its row until told to commit…
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let retaken!: () => void;
    const hasRetaken = new Promise<void>((resolve) => (retaken = resolve));
    const first = uow.transaction(async (tx) => {
      const started = await keys.start(tx, request);
      retaken();
      await committing;
      return started;
    });
    await hasRetaken;
    // …the second read the claim as dead too, and waits on the row for the first's answer.
    const second = uow.transaction((tx) => keys.start(tx, request));
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    expect((await first).kind).toBe('started');
    expect(await second).toEqual({ kind: 'in_progress' });
  });

  it('forgets a key after 24 hours: the same key then runs a new request', async () => {
    const a = await pendingOrder();
    expect((await h.action(a.buyer, a.orderId, 'cancel', {}, 'day-key')).status).toBe(200);
    await h.ds.query(
      `UPDATE orders.idempotency_keys SET created_at = now() - interval '25 hours'
        WHERE user_id = $1 AND key = 'day-key'`,
      [a.buyer.id],
    );
    const seller = await h.user();
    const next = await h.checkout(a.buyer, h.listing(seller.id).id);
    const again = await h.action(a.buyer, next.body.id, 'cancel', { reason: 'later' }, 'day-key');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body).toMatchObject({ id: next.body.id, cancelReason: 'later' });
  });

  it("purges every user's keys older than 24 hours, keeping younger ones", async () => {
    const a = await pendingOrder();
    const b = await pendingOrder();
    expect((await h.action(a.buyer, a.orderId, 'cancel', {}, 'old-key')).status).toBe(200);
    expect((await h.action(b.buyer, b.orderId, 'cancel', {}, 'young-key')).status).toBe(200);
    await h.ds.query(
      `UPDATE orders.idempotency_keys SET created_at = now() - interval '25 hours'
        WHERE user_id = $1 AND key = 'old-key'`,
      [a.buyer.id],
    );
    expect(await h.worker.purgeIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    const keys = (await h.ds.query(
      `SELECT user_id AS "userId", key FROM orders.idempotency_keys WHERE user_id = ANY($1)`,
      [[a.buyer.id, b.buyer.id]],
    )) as { userId: string; key: string }[];
    expect(keys).toEqual([{ userId: b.buyer.id, key: 'young-key' }]);
  });
});
