import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';
import { createServiceApp, createServiceDataSource } from '@loadout/service-kit';
import { loadNotificationsConfig } from '../src/notifications.config';
import { notificationsService } from '../src/notifications.service';
import { newEmail, newUserId, userRegistered } from './factories/identity-event.factory';
import {
  orderCompleted,
  orderFacts,
  orderPaid,
  orderShipped,
} from './factories/order-event.factory';

jest.setTimeout(30_000);

describe('orders events → buyer and seller notifications', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let identity: OutboxPublisher;
  let orders: OutboxPublisher;

  const notificationsOf = async (userId: string) =>
    (await ds.query(
      `SELECT type, title, message, navigate_to AS "navigateTo" FROM notifications.notifications
        WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as { type: string; title: string; message: string; navigateTo: string }[];

  const mailsTo = async (to: string) =>
    (await ds.query(
      `SELECT subject, text FROM notifications.dev_mailbox WHERE "to" = $1 ORDER BY created_at, id`,
      [to],
    )) as { subject: string; text: string }[];

  beforeAll(async () => {
    db = await createTestDatabase('notifications_orders');
    const config = loadNotificationsConfig({
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:8080',
    });
    ds = createServiceDataSource(notificationsService, config);
    await migrate(ds);
    app = await createServiceApp(notificationsService, config, {
      consumer: { maxAttempts: 2, retryDelayMs: 10, logger: quietLogger() },
    });
    await app.startAllMicroservices();
    await app.init();
    identity = await OutboxPublisher.start(db.url, 'identity');
    orders = await OutboxPublisher.start(db.url, 'orders');
  });

  afterAll(async () => {
    await orders?.close();
    await identity?.close();
    await app?.close();
    await ds?.destroy();
    await db?.drop();
  });

  it('tells the buyer payment_confirmed and the seller new_purchase on paid, with an email each', async () => {
    const buyer = newUserId();
    const seller = newUserId();
    const buyerEmail = newEmail('buyer');
    const sellerEmail = newEmail('seller');
    await identity.publish(userRegistered(buyer, buyerEmail, 'Aoife Byrne'));
    await identity.publish(userRegistered(seller, sellerEmail, 'Cian Walsh'));
    await waitFor('both recipients known', async () => {
      const [{ n }] = (await ds.query(
        `SELECT count(*)::int AS n FROM notifications.recipients WHERE user_id = ANY($1::text[])`,
        [[buyer, seller]],
      )) as { n: number }[];
      return n === 2;
    });

    const facts = orderFacts(buyer, seller);
    await orders.publish(orderPaid(facts));

    await waitFor(
      'the seller notification',
      async () => (await notificationsOf(seller)).length === 1,
    );
    expect(await notificationsOf(buyer)).toEqual([
      {
        type: 'payment_confirmed',
        title: 'Payment confirmed',
        message:
          'Your payment of €131.20 for "Tokyo Marui Hi-Capa 5.1" is held in escrow until you confirm delivery.',
        navigateTo: '/buyer-dashboard',
      },
    ]);
    expect(await notificationsOf(seller)).toEqual([
      expect.objectContaining({ type: 'new_purchase', navigateTo: '/seller-dashboard' }),
    ]);
    await waitFor('both emails', async () => (await mailsTo(sellerEmail)).length === 1);
    expect((await mailsTo(buyerEmail))[0]!.subject).toBe(
      'Payment confirmed: Tokyo Marui Hi-Capa 5.1',
    );
    expect((await mailsTo(sellerEmail))[0]!.text).toContain('€128.00 is held in escrow for you');
    // Where to send it (issue 25 item 1): the buyer's name and address from the paid event.
    expect((await mailsTo(sellerEmail))[0]!.text).toContain(
      'Send it by tracked post to: Aoife Byrne, 12 Main Street, Apartment 4, Athlone, Co. Westmeath, N37 X2C4.',
    );
    // The buyer's own email does not repeat it.
    expect((await mailsTo(buyerEmail))[0]!.text).not.toContain('N37 X2C4');

    await orders.publish(orderShipped(facts));
    await orders.publish(orderCompleted(facts));
    await waitFor(
      'shipped and delivered',
      async () => (await notificationsOf(seller)).length === 2,
    );
    await waitFor('shipped', async () => (await notificationsOf(buyer)).length === 2);
    expect((await notificationsOf(buyer))[1]).toMatchObject({
      type: 'shipped',
      message:
        '"Tokyo Marui Hi-Capa 5.1" is on its way (An Post, CX123456789IE). Confirm delivery when it arrives.',
    });
    // Issue 25 item 3: nothing is transferred before payouts are set up, so never "released to you".
    expect((await notificationsOf(seller))[1]).toMatchObject({
      type: 'delivered',
      title: 'Delivery confirmed',
      message:
        'The delivery of "Tokyo Marui Hi-Capa 5.1" is confirmed: €128.00 is owed to you, paid out once payouts are set up.',
      navigateTo: '/seller-dashboard',
    });
    await waitFor('delivered email', async () => (await mailsTo(sellerEmail)).length === 2);
    const delivered = (await mailsTo(sellerEmail))[1]!;
    expect(delivered.subject).toBe('Delivery confirmed: Tokyo Marui Hi-Capa 5.1');
    expect(delivered.text).toContain('€128.00 is owed to you, paid out once payouts are set up.');
    expect(delivered.text).not.toMatch(/released to you/i);

    // The buyer gets the "order complete" email; having confirmed it themselves, no bell notice.
    await waitFor('order complete email', async () => (await mailsTo(buyerEmail)).length === 3);
    const complete = (await mailsTo(buyerEmail))[2]!;
    expect(complete.subject).toBe('Order complete: Tokyo Marui Hi-Capa 5.1');
    expect(complete.text).toContain(
      'Thanks for confirming that "Tokyo Marui Hi-Capa 5.1" arrived: your order is complete.',
    );
    expect(complete.text).toContain('You paid €131.20');
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual([
      'payment_confirmed',
      'shipped',
    ]);
  });

  it('tells the buyer in the bell too when the order completed without them', async () => {
    const buyer = newUserId();
    const buyerEmail = newEmail('buyer');
    await identity.publish(userRegistered(buyer, buyerEmail, 'Aoife Byrne'));
    await waitFor('the buyer known', async () => {
      const [{ n }] = (await ds.query(
        `SELECT count(*)::int AS n FROM notifications.recipients WHERE user_id = $1`,
        [buyer],
      )) as { n: number }[];
      return n === 1;
    });
    const auto = orderCompleted(orderFacts(buyer, newUserId()));
    auto.payload.releasedBy = 'system';
    await orders.publish(auto);
    await waitFor('order complete email', async () => (await mailsTo(buyerEmail)).length === 1);
    expect((await mailsTo(buyerEmail))[0]!.text).toContain('completed automatically');
    // The dev mailbox row is written when the mail is sent, before the consumer's transaction
    // (which holds the bell notice) commits: wait for the notice itself.
    await waitFor('the bell notice', async () => (await notificationsOf(buyer)).length === 1);
    expect(await notificationsOf(buyer)).toEqual([
      {
        type: 'delivered',
        title: 'Order complete',
        message:
          'The time to confirm delivery of "Tokyo Marui Hi-Capa 5.1" has passed, so your order was completed automatically.',
        navigateTo: '/buyer-dashboard',
      },
    ]);
  });

  it('tells the seller of a collection order to arrange the handover, and of an event without an address where to find it', async () => {
    const seller = newUserId();
    const sellerEmail = newEmail('seller');
    await identity.publish(userRegistered(seller, sellerEmail, 'Cian Walsh'));
    await waitFor('the seller known', async () => {
      const [{ n }] = (await ds.query(
        `SELECT count(*)::int AS n FROM notifications.recipients WHERE user_id = $1`,
        [seller],
      )) as { n: number }[];
      return n === 1;
    });
    const collection = { ...orderFacts(newUserId(), seller), delivery: 'collection' as const };
    await orders.publish(orderPaid(collection));
    await waitFor('the first email', async () => (await mailsTo(sellerEmail)).length === 1);
    // An event written before ADR 0029 carries no address.
    const old = orderPaid(orderFacts(newUserId(), seller));
    delete old.payload.deliveryAddress;
    await orders.publish(old);
    await waitFor('the second email', async () => (await mailsTo(sellerEmail)).length === 2);
    const [first, second] = await mailsTo(sellerEmail);
    expect(first!.text).toContain(
      'The buyer chose collection in person: arrange the handover with them in messages.',
    );
    expect(first!.text).not.toContain('Send it by tracked post');
    expect(second!.text).toContain('The delivery address is on the order in My Sales.');
  });

  it('still notifies in-app when no email address is known, and logs the skipped email', async () => {
    const facts = orderFacts(newUserId(), newUserId());
    const event = await orders.publish(orderPaid(facts));
    await waitFor(
      'the buyer notification',
      async () => (await notificationsOf(facts.buyerId)).length === 1,
    );
    await waitFor('skipped emails logged', async () => {
      const rows = (await ds.query(
        `SELECT status FROM notifications.email_log WHERE event_id = $1`,
        [event.id],
      )) as { status: string }[];
      return rows.length === 2 && rows.every((r) => r.status === 'skipped');
    });
  });
});
