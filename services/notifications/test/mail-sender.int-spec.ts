import 'reflect-metadata';
import { type AddressInfo, createServer } from 'node:net';
import { DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { AppError } from '@loadout/errors';
import { createServiceDataSource } from '@loadout/service-kit';
import { notificationsService } from '../src/notifications.service';
import { DevMailboxSender } from '../src/mail/dev-mailbox-mail-sender';
import { DevMailboxMessageEntity } from '../src/mail/dev-mailbox-message.entity';
import { SmtpMailSender } from '../src/mail/smtp-mail-sender';
import { mailSenderContract, type MailSenderHarness } from './mail-sender.contract';
import { startSmtpTestServer, type SmtpTestServer } from './support/smtp-test-server';

/** A local port with nothing listening (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('MailSender contract: DevMailboxSender (PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let broken: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('notifications_devbox');
    ds = createServiceDataSource(notificationsService, { DATABASE_URL: db.url, DB_POOL_SIZE: 2 });
    await migrate(ds);
    // Same database, but never migrated into this schema: every insert fails.
    broken = new DataSource({ ...ds.options, schema: 'missing_schema' } as typeof ds.options);
    await broken.initialize();
  });

  beforeEach(async () => {
    await ds.getRepository(DevMailboxMessageEntity).clear();
  });

  afterAll(async () => {
    await broken?.destroy();
    await ds?.destroy();
    await db?.drop();
  });

  mailSenderContract((): MailSenderHarness => ({
    sender: new DevMailboxSender(ds),
    received: async () =>
      (
        await ds
          .getRepository(DevMailboxMessageEntity)
          .find({ order: { createdAt: 'ASC', id: 'ASC' } })
      ).map(({ to, subject, text, html }) => ({ to, subject, text, html })),
    receivedHeaders: async () =>
      (
        await ds
          .getRepository(DevMailboxMessageEntity)
          .find({ order: { createdAt: 'ASC', id: 'ASC' } })
      ).map((m) =>
        Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k.toLowerCase(), v])),
      ),
    unreachableSender: () => new DevMailboxSender(broken),
  }));
});

describe('MailSender contract: SmtpMailSender (smtp-server)', () => {
  let smtp: SmtpTestServer;
  let deadPort: number;
  const senders: SmtpMailSender[] = [];
  const sender = (url: string) => {
    const s = new SmtpMailSender({ url, from: '"Loadout" <no-reply@loadout.ie>', timeoutMs: 2000 });
    senders.push(s);
    return s;
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    deadPort = await closedPort();
  });

  beforeEach(() => {
    smtp.messages.length = 0;
  });

  afterAll(async () => {
    for (const s of senders) s.close();
    await smtp?.close();
  });

  mailSenderContract((): MailSenderHarness => ({
    sender: sender(smtp.url),
    received: async () =>
      smtp.messages.map(({ to, subject, text, html }) => ({ to, subject, text, html })),
    receivedHeaders: async () => smtp.messages.map((m) => m.headers),
    unreachableSender: () => sender(`smtp://127.0.0.1:${deadPort}`),
  }));

  it('sends from MAIL_FROM to the SMTP envelope recipient', async () => {
    await sender(smtp.url).send({ to: 'aoife@example.test', subject: 's', text: 't', html: 'h' });
    expect(smtp.messages[0]!.envelope).toEqual({
      from: 'no-reply@loadout.ie',
      to: ['aoife@example.test'],
    });
    expect(smtp.messages[0]!.from).toBe('Loadout <no-reply@loadout.ie>');
  });

  it('fails with a coded error that does not repeat the address or the server reply', async () => {
    const err = await sender(smtp.url)
      .send({ to: 'nobody@refused.example.test', subject: 's', text: 't', html: 'h' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toMatch(/^NOTIFICATIONS\.MAIL_(FAILED|REJECTED)$/);
    expect((err as AppError).message).not.toContain('refused.example.test');
    expect((err as AppError).message).not.toContain('No such user');
    expect(smtp.messages).toEqual([]);
  });
});
