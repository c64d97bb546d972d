import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import S3rver from 's3rver';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import {
  FilesystemObjectStorage,
  ObjectErasures,
  S3ObjectStorage,
  createObjectErasuresTable,
  erasureRetryDelayMs,
} from '../src';

jest.setTimeout(30_000);

/** Stored files erased after the transaction that forgot them commits, retried when the store is down. */
describe('ObjectErasures (real Postgres)', () => {
  let db: TestDatabase;
  let pool: Pool;
  const dirs: string[] = [];
  const tempDir = (label: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `loadout-erasures-${label}-`));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    db = await createTestDatabase('object_erasures');
    pool = new Pool({ connectionString: db.url, max: 4 });
    await pool.query('CREATE SCHEMA "svc"');
    await createObjectErasuresTable(pool, 'svc');
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => pool.query('DELETE FROM "svc"."object_erasures"'));

  /** Runs `work` in a transaction on one client; `commit` false rolls it back. */
  async function inTransaction(
    work: (tx: { query: Pool['query'] }) => Promise<void>,
    commit = true,
  ) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await work(client);
      await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    } finally {
      client.release();
    }
  }

  it('deletes the files of a committed transaction only, once, with the local filesystem store', async () => {
    const root = tempDir('fs');
    const storage = new FilesystemObjectStorage({ root, signingSecret: 'x'.repeat(32) });
    const erasures = new ObjectErasures({ storage, db: pool, schema: 'svc' });
    for (const key of ['photos/a.webp', 'photos/b.webp', 'photos/kept.webp'])
      await storage.put(key, Buffer.from(key), 'image/webp');

    // A rolled-back transaction queues nothing: its rows (and files) are still in use.
    await inTransaction((tx) => erasures.enqueue(tx, ['photos/kept.webp']), false);
    // Queued inside the transaction: nothing is deleted before it commits.
    await inTransaction(async (tx) => {
      await erasures.enqueue(tx, ['photos/a.webp', 'photos/b.webp', 'photos/a.webp']);
      expect(await erasures.eraseDue()).toEqual({ erased: 0, failed: 0 });
    });
    expect(existsSync(path.join(root, 'photos/a.webp'))).toBe(true);

    expect(await erasures.eraseDue()).toEqual({ erased: 2, failed: 0 });
    expect(existsSync(path.join(root, 'photos/a.webp'))).toBe(false);
    expect(existsSync(path.join(root, 'photos/b.webp'))).toBe(false);
    expect(existsSync(path.join(root, 'photos/kept.webp'))).toBe(true);
    expect(await erasures.pending()).toEqual([]);
    // Nothing left to do; a key whose file is already gone is erased without an error.
    expect(await erasures.eraseDue()).toEqual({ erased: 0, failed: 0 });
    await inTransaction((tx) => erasures.enqueue(tx, ['photos/a.webp']));
    expect(await erasures.eraseDue()).toEqual({ erased: 1, failed: 0 });
  });

  it('keeps the key through a storage outage and erases the file when the store is back', async () => {
    const directory = tempDir('s3');
    const first = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    const { port } = await first.run();
    const storage = await S3ObjectStorage.connect({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-west-1',
      bucket: 'erasures',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
    });
    await storage.put('messages/c/1.webp', Buffer.from('photo'), 'image/webp');
    const warnings: string[] = [];
    const erasures = new ObjectErasures({
      storage,
      db: pool,
      schema: 'svc',
      log: { warn: (m) => warnings.push(m) },
    });
    await inTransaction((tx) => erasures.enqueue(tx, ['messages/c/1.webp']));

    await first.close(); // the store goes away
    const t0 = new Date();
    expect(await erasures.eraseDue(t0)).toEqual({ erased: 0, failed: 1 });
    const [row] = await erasures.pending();
    expect(row).toMatchObject({ key: 'messages/c/1.webp', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBe(t0.getTime() + erasureRetryDelayMs(1));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('messages/c/1.webp');
    // Not retried before its time.
    expect(await erasures.eraseDue(new Date(t0.getTime() + 1000))).toEqual({
      erased: 0,
      failed: 0,
    });

    // The store is back on the same address with the same data: the next due round erases.
    const second = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
    await second.run();
    try {
      expect(await storage.stat('messages/c/1.webp')).toEqual({ size: 5 });
      const later = new Date(t0.getTime() + erasureRetryDelayMs(1));
      expect(await erasures.eraseDue(later)).toEqual({ erased: 1, failed: 0 });
      expect(await storage.stat('messages/c/1.webp')).toBeNull();
      expect(await erasures.pending()).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('backs off from a minute up to an hour', () => {
    expect([1, 2, 3, 6, 7, 50].map(erasureRetryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});
