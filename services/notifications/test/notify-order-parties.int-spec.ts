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
    expect((await notificationsOf(seller))[1]).toMatchObject({
      type: 'delivered',
      title: 'Delivery confirmed',
      navigateTo: '/seller-dashboard',
    });
    await waitFor('delivered email', async () => (await mailsTo(sellerEmail)).length === 2);
    expect((await mailsTo(sellerEmail))[1]!.subject).toBe(
      'Money released: Tokyo Marui Hi-Capa 5.1',
    );
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
