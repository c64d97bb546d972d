import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../src/escrow/domain/order-repository.port';
import { OrderAccess } from '../src/escrow/order-access';
import { SqlOrderRepository } from '../src/escrow/persistence/order.repository';
import { cards } from './factories/card.factory';
import { paidOrder, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(90_000);

/** ADR 0062: a transition decided on the order as read, written only if its row is unchanged. */
describe('guarded transitions', () => {
  const h = useOrdersHarness('orders_guarded');
  const shipment = { carrier: 'An Post', trackingNumber: 'CX123456789IE' };

  /** Every row the order owns, as stored (a change that was not applied leaves it equal). */
  const rowsOf = async (orderId: string) => {
    const [row] = (await h.ds.query(
      `SELECT (SELECT row_to_json(o) FROM orders.orders o WHERE o.id = $1) AS "order",
              (SELECT json_agg(t ORDER BY t.id) FROM orders.order_timeline t WHERE t.order_id = $1) AS timeline,
              (SELECT json_agg(e ORDER BY e.id) FROM orders.ledger_entries e WHERE e.order_id = $1) AS entries,
              (SELECT json_agg(p ORDER BY p.id) FROM orders.ledger_postings p WHERE p.order_id = $1) AS postings,
              (SELECT json_agg(j ORDER BY j.id) FROM orders.jobs j WHERE j.order_id = $1) AS jobs,
              (SELECT json_agg(x.topic ORDER BY x.seq) FROM orders.outbox x WHERE x.aggregate_id = $1) AS events,
              (SELECT json_agg(i.event_id ORDER BY i.id) FROM orders.payment_events i WHERE i.order_id = $1) AS inbox`,
      [orderId],
    )) as Record<string, unknown>[];
    return row!;
  };
  /** Another writer's change of the order's row that no transition rule looks at. */
  const touch = (orderId: string) =>
    h.ds.query(`UPDATE orders.orders SET updated_at = updated_at WHERE id = $1`, [orderId]);

  afterEach(() => jest.restoreAllMocks());

  it('ships and confirms by the guarded write alone: no lock taken', async () => {
    const { seller, buyer, orderId } = await paidOrder(h);
    const guarded = jest.spyOn(SqlOrderRepository.prototype, 'saveIfUnchanged');
    const locked = jest.spyOn(OrderAccess.prototype, 'lockFor');

    expect((await h.action(seller, orderId, 'ship', shipment)).status).toBe(200);
    const confirmed = await h.action(buyer, orderId, 'confirm-delivery');

    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('completed');
    expect(guarded).toHaveBeenCalledTimes(2);
    for (const { value } of guarded.mock.results) await expect(value).resolves.not.toBeNull();
    expect(locked).not.toHaveBeenCalled();
    expect((await h.topics(orderId)).slice(-2)).toEqual([
      'orders.order.shipped.v1',
      'orders.order.completed.v1',
    ]);
  });

  it('writes nothing of a change whose row was written since the read, then applies it when read again', async () => {
    const { buyer, orderId } = await shippedOrder(h);
    const orders = h.app.get(OrderRepository);
    const uow = h.app.get(UnitOfWork, { strict: false });
    const read = await uow.read((tx) => orders.findForChange(tx, orderId));
    // The release: the row, a timeline row, a ledger entry with its postings, the auto-release
    // deadline closed, the transfer job added and the completed event: one part each.
    const change = read!.order.release('buyer', new Date());
    expect(change.ledger).toHaveLength(1);
    expect(change.jobs).toHaveLength(1);
    await touch(orderId);
    const before = await rowsOf(orderId);

    const stale = await uow.read((tx) =>
      orders.saveIfUnchanged(tx, change, { actorId: buyer.id }, read!.version),
    );

    expect(stale).toBeNull();
    expect(await rowsOf(orderId)).toEqual(before);

    const again = await uow.read((tx) => orders.findForChange(tx, orderId));
    expect(again!.version).not.toBe(read!.version);
    const timeline = await uow.read((tx) =>
      orders.saveIfUnchanged(
        tx,
        again!.order.release('buyer', new Date()),
        { actorId: buyer.id },
        again!.version,
      ),
    );
    expect(timeline?.map((t) => t.status).slice(-1)).toEqual(['completed']);
    const after = await rowsOf(orderId);
    expect(after).toMatchObject({ order: expect.objectContaining({ status: 'completed' }) });
    expect((after.entries as unknown[]).length).toBe((before.entries as unknown[]).length + 1);
    expect((after.events as string[]).slice(-1)).toEqual(['orders.order.completed.v1']);
  });

  it('decides again on the locked row when the row changed between the read and the write', async () => {
    const { buyer, orderId } = await shippedOrder(h);
    const find = SqlOrderRepository.prototype.findForChange;
    jest
      .spyOn(SqlOrderRepository.prototype, 'findForChange')
      .mockImplementationOnce(async function (this: SqlOrderRepository, tx, id) {
        const read = await find.call(this, tx, id);
        await touch(id);
        return read;
      });
    const guarded = jest.spyOn(SqlOrderRepository.prototype, 'saveIfUnchanged');
    const locked = jest.spyOn(OrderAccess.prototype, 'lockFor');

    const res = await h.action(buyer, orderId, 'confirm-delivery');

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    await expect(guarded.mock.results[0]!.value).resolves.toBeNull();
    expect(locked).toHaveBeenCalledTimes(1);
    const rows = await rowsOf(orderId);
    expect(
      (rows.timeline as { status: string }[]).filter((t) => t.status === 'completed'),
    ).toHaveLength(1);
    expect((rows.entries as { kind: string }[]).filter((e) => e.kind === 'release')).toHaveLength(
      1,
    );
    expect((rows.events as string[]).filter((t) => t === 'orders.order.completed.v1')).toHaveLength(
      1,
    );
  });

  it('answers a decision refused on the row as read (a second confirmation) without writing', async () => {
    const { buyer, orderId } = await shippedOrder(h);
    expect((await h.action(buyer, orderId, 'confirm-delivery')).status).toBe(200);
    await h.drain();
    const before = await rowsOf(orderId);
    const guarded = jest.spyOn(SqlOrderRepository.prototype, 'saveIfUnchanged');

    const again = await h.action(buyer, orderId, 'confirm-delivery');

    expect(again.status).toBe(409);
    expect(guarded).not.toHaveBeenCalled();
    expect(await rowsOf(orderId)).toEqual(before);
  });

  it('pays by two guarded writes: the attempt, then the answer with what the processor reported (ADR 0065)', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const created = await h.checkout(buyer, h.listing(seller.id).id);
    const guarded = jest.spyOn(SqlOrderRepository.prototype, 'saveIfUnchanged');
    const locked = jest.spyOn(OrderAccess.prototype, 'lockFor');

    const paid = await h.pay(buyer, created.body.id, cards.ok());

    expect(paid.status).toBe(202);
    expect(guarded).toHaveBeenCalledTimes(2);
    for (const { value } of guarded.mock.results) await expect(value).resolves.not.toBeNull();
    expect(locked).not.toHaveBeenCalled();
    // The simulated processor's success is in the inbox with the recorded answer, and applied.
    expect((await rowsOf(created.body.id)).inbox).toHaveLength(1);
    await h.drain();
    expect((await h.topics(created.body.id)).slice(-1)).toEqual(['orders.order.paid.v1']);
  });

  it('records no processor event with a change that was not applied, and records it with one that was', async () => {
    const { orderId } = await shippedOrder(h);
    const orders = h.app.get(OrderRepository);
    const uow = h.app.get(UnitOfWork, { strict: false });
    const read = await uow.read((tx) => orders.findForChange(tx, orderId));
    const reported = {
      event: {
        provider: 'simulated' as const,
        eventId: `evt_guarded_${orderId}`,
        occurredAt: new Date().toISOString(),
        orderId,
        type: 'payment.failed' as const,
        paymentId: 'pay_guarded',
        failureCode: 'card_declined',
        failureMessage: 'Declined.',
      },
      availableAt: new Date(Date.now() + 3_600_000),
    };
    const inboxBefore = (await rowsOf(orderId)).inbox as string[];
    await touch(orderId);

    const stale = await uow.read((tx) =>
      orders.saveIfUnchanged(
        tx,
        read!.order.release('buyer', new Date()),
        { actorId: null },
        read!.version,
        { inbox: [reported] },
      ),
    );

    expect(stale).toBeNull();
    expect((await rowsOf(orderId)).inbox).toEqual(inboxBefore);
    const again = await uow.read((tx) => orders.findForChange(tx, orderId));
    const applied = await uow.read((tx) =>
      orders.saveIfUnchanged(
        tx,
        again!.order.release('buyer', new Date()),
        { actorId: null },
        again!.version,
        { inbox: [reported] },
      ),
    );
    expect(applied).not.toBeNull();
    expect((await rowsOf(orderId)).inbox).toEqual([...inboxBefore, reported.event.eventId]);
  });
});
