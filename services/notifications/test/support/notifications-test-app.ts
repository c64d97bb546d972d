import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type DataSource } from 'typeorm';
import { type TestIssuer } from '@loadout/auth/testing';
import { type TestDatabase } from '@loadout/db/testing';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';
import {
  startServiceUnderTest,
  type CallInit,
  type CallResult,
} from '@loadout/service-kit/testing';
import { type MailboxMessageDto } from '../../src/dev-mailbox/dev-mailbox.dto';
import { notificationsService } from '../../src/notifications.service';
import { newEmail, newUserId, userRegistered } from '../factories/identity-event.factory';

export type { CallInit, CallResult };

export interface NotificationsTestApp {
  db: TestDatabase;
  issuer: TestIssuer;
  app: NestFastifyApplication;
  ds: DataSource;
  base: string;
  /** Publishers of the producing services, by outbox schema. */
  publisher: (schema: string) => Promise<OutboxPublisher>;
  /** Resolves once the consumer group moved past all `copies` of the event in the log. */
  consumed: (eventId: string, copies?: number) => Promise<void>;
  /** HTTP against the service (`path` relative to it, or an absolute URL); JSON bodies parsed. */
  call: <T = unknown>(path: string, init?: CallInit) => Promise<CallResult<T>>;
  /** The dev mailbox's messages to `to`, newest first. */
  mailTo: (to: string) => Promise<MailboxMessageDto[]>;
  /** The in-app notifications of `userId`, oldest first. */
  notificationsOf: (
    userId: string,
  ) => Promise<{ type: string; title: string; message: string; navigateTo: string }[]>;
  /** Subject and text of every email to `to`, oldest first. */
  mailsTo: (to: string) => Promise<{ subject: string; text: string }[]>;
  /** A buyer and a seller whose addresses the service has learned from identity's events. */
  knownParties: () => Promise<{
    buyer: string;
    seller: string;
    buyerEmail: string;
    sellerEmail: string;
  }>;
  /** Waits for at least `count` messages to `to`, then returns them. */
  waitForMail: (to: string, count?: number) => Promise<MailboxMessageDto[]>;
  close: () => Promise<void>;
}

/** The real service (devbox mail, PostgreSQL events) on a throwaway database. */
export async function startNotificationsTestApp(
  name: string,
  env: Record<string, string> = {},
): Promise<NotificationsTestApp> {
  const service = await startServiceUnderTest(notificationsService, {
    label: name,
    env: { DEV_MAILBOX: 'on', PUBLIC_URL: 'http://localhost:8080', ...env },
    app: { consumer: { maxAttempts: 2, retryDelayMs: 10, logger: quietLogger() } },
  });
  const { db, issuer, app, ds, base, call } = service;
  const publishers = new Map<string, OutboxPublisher>();

  const mailTo = async (to: string) =>
    (await call<MailboxMessageDto[]>(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`)).body;

  const publisher = async (schema: string) => {
    if (!publishers.has(schema))
      publishers.set(schema, await OutboxPublisher.start(db.url, schema));
    return publishers.get(schema)!;
  };

  return {
    db,
    issuer,
    app,
    ds,
    base,
    publisher,
    knownParties: async () => {
      const [buyer, seller] = [newUserId(), newUserId()];
      const [buyerEmail, sellerEmail] = [newEmail('buyer'), newEmail('seller')];
      const identity = await publisher('identity');
      await identity.publish(userRegistered(buyer, buyerEmail, 'Aoife Byrne'));
      await identity.publish(userRegistered(seller, sellerEmail, 'Cian Walsh'));
      await waitFor('both recipients known', async () => {
        const [{ n }] = (await ds.query(
          `SELECT count(*)::int AS n FROM notifications.recipients WHERE user_id = ANY($1::text[])`,
          [[buyer, seller]],
        )) as { n: number }[];
        return n === 2;
      });
      return { buyer, seller, buyerEmail, sellerEmail };
    },
    call,
    mailTo,
    notificationsOf: async (userId) =>
      (await ds.query(
        `SELECT type, title, message, navigate_to AS "navigateTo" FROM notifications.notifications
          WHERE user_id = $1 ORDER BY created_at, id`,
        [userId],
      )) as { type: string; title: string; message: string; navigateTo: string }[],
    mailsTo: async (to) =>
      (await ds.query(
        `SELECT subject, text FROM notifications.dev_mailbox WHERE "to" = $1 ORDER BY created_at, id`,
        [to],
      )) as { subject: string; text: string }[],
    waitForMail: async (to, count = 1) => {
      await waitFor(`${count} mail(s) to ${to}`, async () => (await mailTo(to)).length >= count);
      return mailTo(to);
    },
    consumed: (eventId, copies = 1) =>
      waitFor(`event ${eventId} consumed ${copies}×`, async () => {
        const [row] = (await ds.query(
          `SELECT count(*)::int AS copies, bool_and(l."position" <= o."position") AS done
             FROM event_bus.log l
             JOIN event_bus.consumer_offsets o
               ON o.topic = l.topic AND o.consumer_group = 'notifications'
            WHERE l.event_id = $1`,
          [eventId],
        )) as { copies: number; done: boolean | null }[];
        return row!.copies === copies && row!.done === true;
      }),
    close: async () => {
      for (const p of publishers.values()) await p.close();
      await service.close();
    },
  };
}
