import { getDataSourceToken } from '@nestjs/typeorm';
import type { Pool, PoolClient } from 'pg';
import { type DataSource } from 'typeorm';
import { type MessageDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { blackPng } from '@loadout/images/testing';
import { entityManagerOf, PgUnitOfWork, sqlOf } from '@loadout/service-kit';
import { draftMessage, sendMessage } from '../src/conversations/domain/conversation';
import { ConversationRepository } from '../src/conversations/domain/conversation-repository.port';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

/** The send's raw pg transaction (issue 28, ADR 0052). */
describe('the send transaction', () => {
  let h: MessagingHarness;
  let pool: Pool;
  let appDs: DataSource;

  beforeAll(async () => {
    h = await startMessaging('send_tx');
    // The running service's own data source and pool (h.ds is the test's).
    appDs = h.app.get<DataSource>(getDataSourceToken());
    pool = (appDs.driver as unknown as { master: Pool }).master;
  });
  afterAll(() => h?.close());

  /** The statements of each connection checked out of the service's pool during `fn`. */
  async function statementsDuring(fn: () => Promise<unknown>): Promise<string[][]> {
    const seen: string[][] = [];
    const restore: Array<() => void> = [];
    const connect = pool.connect.bind(pool) as (
      cb?: (err: Error | undefined, client: PoolClient, done: (err?: Error) => void) => void,
    ) => Promise<PoolClient> | void;
    // A client checked out twice records each checkout's statements once, in its own list.
    const originals = new Map<PoolClient, PoolClient['query']>();
    const watch = (client: PoolClient) => {
      const mine: string[] = [];
      seen.push(mine);
      if (!originals.has(client)) originals.set(client, client.query);
      const query = originals.get(client)!;
      client.query = ((text: unknown, ...rest: unknown[]) => {
        const sql = typeof text === 'string' ? text : (text as { text: string }).text;
        mine.push(sql.trim().split(/\s+/).slice(0, 2).join(' '));
        return (query as (...a: unknown[]) => unknown).call(client, text, ...rest);
      }) as typeof client.query;
      restore.push(() => (client.query = query));
    };
    // Both of pg's styles: a promise (ours) and a callback (TypeORM's driver).
    const spy = jest.spyOn(pool, 'connect').mockImplementation(((cb?: unknown) => {
      if (typeof cb === 'function')
        return connect((err, client, done) => {
          if (!err) watch(client);
          (cb as typeof connect extends (c: infer C) => unknown ? NonNullable<C> : never)(
            err,
            client,
            done,
          );
        });
      return (connect() as Promise<PoolClient>).then((client) => {
        watch(client);
        return client;
      });
    }) as never);
    try {
      await fn();
    } finally {
      spy.mockRestore();
      for (const undo of restore) undo();
    }
    return seen;
  }

  const send = (id: string, as: string, body: unknown) =>
    h.call<MessageDto & { code?: string }>(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as,
      body,
    });
  /** The send's own connection (the outbox relay may take one meanwhile for its own work). */
  const sendConnection = (seen: string[][]) =>
    seen.filter((statements) => statements.includes('WITH g'));
  const count = async (sql: string, params: unknown[]) =>
    ((await h.ds.query(sql, params)) as { n: number }[])[0]?.n;

  it('sends a text message in two statements on one connection: the read and the guarded write', async () => {
    const { a, id } = await startPair(h);
    let status = 0;
    const seen = await statementsDuring(async () => {
      status = (await send(id, a, { content: 'two statements' })).status;
    });
    expect(status).toBe(201);
    expect(sendConnection(seen)).toEqual([['SELECT c."id",', 'WITH g']]);
  });

  it('sends photos in a transaction: BEGIN, the locked read, the write, the attach, COMMIT', async () => {
    const { a, id } = await startPair(h);
    const up = await h.upload<{ id: string }>(`/api/v1/conversations/${id}/images`, {
      body: blackPng(64, 64),
      contentType: 'image/png',
      as: a,
    });
    expect(up.status).toBe(201);
    let status = 0;
    const seen = await statementsDuring(async () => {
      status = (await send(id, a, { content: 'look', imageIds: [up.body.id] })).status;
    });
    expect(status).toBe(201);
    expect(sendConnection(seen)).toEqual([
      ['BEGIN', 'SELECT c."id",', 'WITH g', 'UPDATE "messaging"."message_images"', 'COMMIT'],
    ]);
  });

  it('writes nothing when a block comes between the read and the write, and refuses the send under the lock', async () => {
    const { a, b, id } = await startPair(h);
    const repository = h.app.get(ConversationRepository);
    const find = repository.find.bind(repository);
    // The race made certain: b blocks a right after the send has read the conversation.
    const spy = jest
      .spyOn(repository, 'find')
      .mockImplementationOnce(async (tx, conversationId) => {
        const read = await find(tx, conversationId);
        await h.ds.query(`INSERT INTO messaging.blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [
          b,
          a,
        ]);
        return read;
      });
    let res: Awaited<ReturnType<typeof send>> | undefined;
    const seen = await statementsDuring(async () => {
      res = await send(id, a, { content: 'too late' });
    });
    spy.mockRestore();
    expect(res?.status).toBe(403);
    expect(res?.body.code).toBe('MESSAGING.BLOCKED');
    // The optimistic write found the block and wrote nothing; the locked read refused.
    expect(sendConnection(seen)).toEqual([['SELECT c."id",', 'WITH g']]);
    expect(seen).toContainEqual(['BEGIN', 'SELECT c."id",', 'ROLLBACK']);
    expect(seen.flat().filter((q) => q === 'WITH g')).toHaveLength(1);
    expect(
      await count(`SELECT count(*)::int AS n FROM messaging.messages WHERE conversation_id = $1`, [
        id,
      ]),
    ).toBe(0);
    expect(
      await count(
        `SELECT unread_count AS n FROM messaging.conversation_participants WHERE conversation_id = $1 AND user_id = $2`,
        [id, b],
      ),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM messaging.outbox WHERE aggregate_id = $1`, [id]),
    ).toBe(0);
    const [conversation] = await h.ds.query(
      `SELECT last_message FROM messaging.conversations WHERE id = $1`,
      [id],
    );
    expect(conversation.last_message).toBeNull();
  });

  it('keeps the newest message as the last message when an older one is written after it', async () => {
    const { a, id } = await startPair(h);
    const uow = h.app.get(PgUnitOfWork);
    const repository = h.app.get(ConversationRepository);
    const at = (iso: string) => new Date(iso);
    const write = (content: string, createdAt: Date) =>
      uow.read(async (tx) => {
        const conversation = await repository.find(tx, id);
        const sent = sendMessage(conversation, a, draftMessage({ content }), newId(), createdAt);
        return repository.saveSent(tx, sent, { id: a, requestId: 'test' });
      });
    expect(await write('newer', at('2026-11-28T10:00:01.000Z'))).not.toBeNull();
    const older = await write('older', at('2026-11-28T10:00:00.000Z'));
    expect(older?.receiverUnreadTotal).toBe(2);
    const [row] = await h.ds.query(
      `SELECT last_message, last_message_at FROM messaging.conversations WHERE id = $1`,
      [id],
    );
    expect(row.last_message).toBe('newer');
    expect(new Date(row.last_message_at).toISOString()).toBe('2026-11-28T10:00:01.000Z');
    expect(
      await count(
        `SELECT count(*)::int AS n FROM messaging.outbox WHERE aggregate_id = $1 AND topic = 'messaging.message.sent.v1'`,
        [id],
      ),
    ).toBe(2);
  });

  it('gives every connection back after sends refused inside the transaction', async () => {
    const { a, b, id } = await startPair(h);
    // Blocked: refused (403) after the conversation's lock, so the transaction rolls back.
    const blocked = await h.call(`/api/v1/conversations/${id}/block`, { method: 'PUT', as: b });
    expect(blocked.status).toBeLessThan(300);
    const refused = await Promise.all(
      Array.from({ length: 30 }, () =>
        h.call<{ code: string }>(`/api/v1/conversations/${id}/messages`, {
          method: 'POST',
          as: a,
          body: { content: 'are you there?' },
        }),
      ),
    );
    expect(refused.map((r) => r.body.code)).toEqual(Array(30).fill('MESSAGING.BLOCKED'));
    // A stranger is refused after the lock too; an unknown conversation finds no row.
    const stranger = await h.call(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: 'stranger-send-tx',
      body: { content: 'hi' },
    });
    expect(stranger.status).toBe(403);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(pool.waitingCount).toBe(0);
    const rows = await h.ds.query(
      `SELECT count(*)::int AS n FROM messaging.messages WHERE conversation_id = $1`,
      [id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('rolls back on a failing work, answers its error and keeps nothing', async () => {
    const uow = new PgUnitOfWork(appDs);
    const { id } = await startPair(h);
    const failure = new Error('the work failed');
    await expect(
      uow.transaction(async (tx) => {
        await sqlOf(tx)(`UPDATE messaging.conversations SET last_message = 'never' WHERE id = $1`, [
          id,
        ]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const [row] = await h.ds.query(
      `SELECT last_message FROM messaging.conversations WHERE id = $1`,
      [id],
    );
    expect(row.last_message).toBeNull();
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('drops a connection that died inside the work, and the next transaction works', async () => {
    const uow = new PgUnitOfWork(appDs);
    const before = pool.totalCount;
    await expect(
      uow.transaction((tx) => sqlOf(tx)('SELECT pg_terminate_backend(pg_backend_pid())', [])),
    ).rejects.toThrow();
    expect(pool.totalCount).toBeLessThan(before + 1);
    const [row] = await uow.transaction((tx) => sqlOf(tx)<{ one: number }>('SELECT 1 AS one', []));
    expect(row?.one).toBe(1);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('refuses a tx used after its unit of work ended, and the ORM for its tx', async () => {
    const uow = new PgUnitOfWork(appDs);
    let kept: Parameters<Parameters<PgUnitOfWork['transaction']>[0]>[0] | undefined;
    await uow.transaction(async (tx) => {
      kept = tx;
    });
    await expect(sqlOf(kept!)('SELECT 1', [])).rejects.toThrow(/already ended/);
    expect(() => entityManagerOf(kept!)).toThrow(TypeError);
  });
});
