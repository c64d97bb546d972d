import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { type OutboxPublisher, waitFor } from '@loadout/events/testing';
import {
  disputeEscalated,
  disputeFacts,
  disputeOpened,
  disputeResolved,
  disputeResponded,
  disputeWithdrawn,
} from './factories/dispute-event.factory';
import { newUserId } from './factories/identity-event.factory';
import { orderFacts } from './factories/order-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

/** Orders' dispute events → in-app notices of type `dispute` and emails (real Postgres inbox). */
describe('dispute events → notifications of both parties', () => {
  let t: NotificationsTestApp;
  let ds: DataSource;
  let orders: OutboxPublisher;

  const notificationsOf = (userId: string) => t.notificationsOf(userId);
  const mailsTo = (to: string) => t.mailsTo(to);

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_disputes');
    ds = t.ds;
    orders = await t.publisher('orders');
  });

  afterAll(async () => t?.close());

  it('tells the seller to respond, the buyer of the answer, both of the outcome with the reasons', async () => {
    const { buyer, seller, buyerEmail, sellerEmail } = await t.knownParties();
    const d = disputeFacts(orderFacts(buyer, seller));

    await orders.publish(disputeOpened(d));
    // The email goes out inside the consumer's transaction; the notices commit with it.
    await waitFor('both notices', async () => (await notificationsOf(buyer)).length === 1);
    expect(await notificationsOf(seller)).toEqual([
      expect.objectContaining({
        type: 'dispute',
        title: 'A buyer opened a dispute',
        navigateTo: '/disputes',
      }),
    ]);
    expect(await notificationsOf(buyer)).toEqual([
      expect.objectContaining({ type: 'dispute', title: 'Your dispute is open' }),
    ]);
    const [opened] = await mailsTo(sellerEmail);
    expect(opened!.subject).toBe('A buyer opened a dispute: Tokyo Marui Hi-Capa 5.1');
    expect(opened!.text).toContain('Respond by 1 December 2026');
    // The buyer acted: told in the app, not by email.
    expect(await mailsTo(buyerEmail)).toEqual([]);

    await orders.publish(disputeResponded(d, 4_000));
    await waitFor('the buyer notice', async () => (await notificationsOf(buyer)).length === 2);
    expect((await mailsTo(buyerEmail))[0]!.text).toContain('proposes a refund of €40.00');

    await orders.publish(disputeEscalated(d));
    await orders.publish(disputeResolved(d, 'The photos show a cracked hop-up chamber.'));
    await waitFor('the outcome notices', async () => (await notificationsOf(buyer)).length === 4);
    await waitFor('the seller’s notices', async () => (await notificationsOf(seller)).length === 3);
    for (const to of [buyerEmail, sellerEmail]) {
      const settled = (await mailsTo(to)).at(-1)!;
      expect(settled.subject).toBe('Dispute settled: Tokyo Marui Hi-Capa 5.1');
      expect(settled.text).toContain('refunded €30.00');
      expect(settled.text).toContain('The photos show a cracked hop-up chamber.');
    }
    expect((await notificationsOf(seller)).map((n) => n.title)).toEqual([
      'A buyer opened a dispute',
      'The Loadout team will decide',
      'Dispute settled',
    ]);
  });

  it('tells the seller of a withdrawal, and no party of a card chargeback', async () => {
    const buyer = newUserId();
    const seller = newUserId();
    const withdrawn = disputeFacts(orderFacts(buyer, seller));
    await orders.publish(disputeWithdrawn(withdrawn));
    const chargeback = disputeFacts(orderFacts(buyer, seller), 'chargeback');
    const ids = [
      (await orders.publish(disputeEscalated(chargeback))).id,
      (await orders.publish(disputeResolved(chargeback, null))).id,
    ];
    await waitFor(
      'the withdrawal notice',
      async () => (await notificationsOf(seller)).length === 1,
    );
    await waitFor('the chargeback events consumed', async () => {
      const [{ n }] = (await ds.query(
        `SELECT count(*)::int AS n FROM notifications.inbox WHERE event_id = ANY($1::uuid[])`,
        [ids],
      )) as { n: number }[];
      return n === 2;
    });
    expect(await notificationsOf(seller)).toEqual([
      expect.objectContaining({ type: 'dispute', title: 'Dispute withdrawn' }),
    ]);
    expect(await notificationsOf(buyer)).toEqual([]);
  });
});
