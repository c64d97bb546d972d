import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceApp, createServiceDataSource } from '@loadout/service-kit';
import { notificationsService } from '../src/notifications.service';
import { loadNotificationsConfig } from '../src/notifications.config';
import { newUserId, userVerified, verificationRequested } from './factories/identity-event.factory';
import { startSmtpTestServer, type SmtpTestServer } from './support/smtp-test-server';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';

jest.setTimeout(20_000);

describe('notifications service with MAIL_TRANSPORT=smtp', () => {
  let db: TestDatabase;
  let smtp: SmtpTestServer;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let identity: OutboxPublisher;
  let base: string;
  const consumerLog = quietLogger();

  beforeAll(async () => {
    db = await createTestDatabase('notifications_smtp');
    smtp = await startSmtpTestServer();
    const config = loadNotificationsConfig({
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Loadout test" <no-reply@loadout.test>',
      PUBLIC_URL: 'https://loadout.example',
    });
    ds = createServiceDataSource(notificationsService, config);
    await migrate(ds);
    app = await createServiceApp(notificationsService, config, {
      consumer: { maxAttempts: 2, retryDelayMs: 10, logger: consumerLog },
    });
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    identity = await OutboxPublisher.start(db.url, 'identity');
  });

  afterAll(async () => {
    await identity?.close();
    await app?.close();
    await ds?.destroy();
    await smtp?.close();
    await db?.drop();
  });

  it('has no dev mailbox routes', async () => {
    for (const [method, path] of [
      ['GET', '/dev/mailbox'],
      ['GET', '/dev/mailbox/messages?to=a@example.test'],
      ['DELETE', '/dev/mailbox/messages'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'COMMON.NOT_FOUND' });
    }
  });

  it('sends the verification email over SMTP', async () => {
    const email = 'roisin@example.test';
    const event = await identity.publish(verificationRequested(newUserId(), email, 'Róisín'));

    await waitFor('the SMTP server to receive the mail', () =>
      smtp.messages.some((m) => m.to === email),
    );
    const mail = smtp.messages.find((m) => m.to === email)!;
    expect(mail.envelope).toEqual({ from: 'no-reply@loadout.test', to: [email] });
    expect(mail.from).toBe('Loadout test <no-reply@loadout.test>');
    expect(mail.subject).toBe('Verify your email for Loadout');
    expect(mail.text).toMatch(/^Hi Róisín,/);
    expect(mail.text).toContain(event.payload.verifyUrl);
    expect(mail.html).toContain(`href="${event.payload.verifyUrl}"`);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);

    // The server has the mail a moment before the consumer's transaction commits the log row.
    const logOf = () =>
      ds.query(`SELECT "to", template, status FROM notifications.email_log WHERE event_id = $1`, [
        event.id,
      ]);
    await waitFor('the email log row', async () => (await logOf()).length > 0);
    expect(await logOf()).toEqual([{ to: email, template: 'verification', status: 'sent' }]);
  });

  it('retries a refused send, logs each failure and finally dead-letters it without the address', async () => {
    const email = 'ghost@refused.example.test';
    const userId = newUserId();
    const event = await identity.publish(userVerified(userId, email));

    await waitFor('the dead letter', async () => {
      const rows = await ds.query(`SELECT 1 FROM notifications.dead_letter WHERE event_id = $1`, [
        event.id,
      ]);
      return rows.length === 1;
    });
    const [dead] = await ds.query(
      `SELECT attempts, error FROM notifications.dead_letter WHERE event_id = $1`,
      [event.id],
    );
    expect(dead.attempts).toBe(2);
    expect(dead.error).toMatch(/^Sending mail failed|refused the recipient/);
    expect(dead.error).not.toContain('refused.example.test');

    const log = await ds.query(
      `SELECT status FROM notifications.email_log WHERE event_id = $1 ORDER BY created_at`,
      [event.id],
    );
    expect(log).toEqual([{ status: 'failed' }, { status: 'failed' }]);
    // The welcome notification rolled back with the failed attempts.
    const notes = await ds.query(`SELECT 1 FROM notifications.notifications WHERE user_id = $1`, [
      userId,
    ]);
    expect(notes).toEqual([]);
    expect(consumerLog.lines.join('\n')).not.toContain('refused.example.test');
  });
});
