import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import {
  PgUnitOfWork,
  poolSqlOf,
  SecondConnectionError,
  TxClosedError,
  TypeOrmUnitOfWork,
  entityManagerOf,
  sqlOf,
  type Tx,
  type UnitOfWork,
} from '../src';

jest.setTimeout(30_000);

describe('unit of work on a real database (pool of 2)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let uow: TypeOrmUnitOfWork;
  const count = async () =>
    Number(((await ds.query(`SELECT count(*) AS n FROM uow_items`)) as { n: string }[])[0]!.n);
  const insert = (tx: Tx, name: string) =>
    entityManagerOf(tx).query(`INSERT INTO uow_items (name) VALUES ($1)`, [name]);

  beforeAll(async () => {
    db = await createTestDatabase('kit_uow');
    ds = new DataSource({ type: 'postgres', url: db.url, extra: { max: 2 } });
    await ds.initialize();
    await ds.query(`CREATE TABLE uow_items (id serial PRIMARY KEY, name text NOT NULL)`);
    uow = new TypeOrmUnitOfWork(ds);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  beforeEach(() => ds.query(`TRUNCATE uow_items`));

  it('commits what the work wrote when it resolves, and nothing when it throws', async () => {
    await uow.transaction((tx) => insert(tx, 'kept'));
    await expect(
      uow.transaction(async (tx) => {
        await insert(tx, 'lost');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(1);
  });

  it('refuses a second pooled connection inside a transaction instead of waiting for one', async () => {
    // The other connection of the pool is busy, as under load: the old way hung here forever.
    const busy = ds.createQueryRunner();
    await busy.connect();
    await busy.query(`SELECT 1`);
    try {
      const started = Date.now();
      await expect(
        uow.transaction(async (tx) => {
          await insert(tx, 'a');
          await ds.query(`SELECT 1`); // a repository that kept the data source
        }),
      ).rejects.toBeInstanceOf(SecondConnectionError);
      await expect(
        uow.transaction(async () => {
          await uow.read(async () => undefined);
        }),
      ).rejects.toBeInstanceOf(SecondConnectionError);
      await expect(
        uow.transaction(async () => {
          await uow.transaction(async () => undefined);
        }),
      ).rejects.toBeInstanceOf(SecondConnectionError);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await busy.release();
    }
    expect(await count()).toBe(0);
  });

  it('lets a timer started inside a finished transaction open its own later', async () => {
    // Wrapped in an object: a returned promise would be awaited inside the transaction.
    const { later } = await uow.transaction(async () => ({
      later: new Promise((r) => setTimeout(r, 20)).then(() =>
        uow.transaction(async (tx) => {
          await insert(tx, 'later');
          return 1;
        }),
      ),
    }));
    await expect(later).resolves.toBe(1);
    expect(await count()).toBe(1);
  });

  it('refuses a tx used after its unit of work ended', async () => {
    let leaked: Tx | undefined;
    await uow.transaction(async (tx) => {
      leaked = tx;
    });
    expect(() => entityManagerOf(leaked!)).toThrow(TxClosedError);
  });

  it('reads see one snapshot under REPEATABLE READ', async () => {
    await uow.transaction((tx) => insert(tx, 'first'));
    const seen = await uow.transaction(
      async (tx) => {
        const m = entityManagerOf(tx);
        const before = (await m.query(`SELECT count(*)::int AS n FROM uow_items`)) as {
          n: number;
        }[];
        const other = new DataSource({ type: 'postgres', url: db.url, extra: { max: 1 } });
        await other.initialize();
        await other.query(`INSERT INTO uow_items (name) VALUES ('meanwhile')`);
        await other.destroy();
        const after = (await m.query(`SELECT count(*)::int AS n FROM uow_items`)) as {
          n: number;
        }[];
        return [before[0]!.n, after[0]!.n];
      },
      { isolation: 'REPEATABLE READ' },
    );
    expect(seen).toEqual([1, 1]);
  });
});

describe('the raw pg unit of work beside the TypeORM one (pool of 2)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let pg: PgUnitOfWork;
  let orm: TypeOrmUnitOfWork;
  const names = async () =>
    ((await ds.query(`SELECT name FROM uow_items ORDER BY id`)) as { name: string }[]).map(
      (r) => r.name,
    );
  const add = (tx: Tx, name: string) =>
    sqlOf(tx)(`INSERT INTO uow_items (name) VALUES ($1)`, [name]);

  beforeAll(async () => {
    db = await createTestDatabase('kit_pg_uow');
    ds = new DataSource({ type: 'postgres', url: db.url, extra: { max: 2 } });
    await ds.initialize();
    await ds.query(`CREATE TABLE uow_items (id serial PRIMARY KEY, name text NOT NULL)`);
    pg = new PgUnitOfWork(ds);
    orm = new TypeOrmUnitOfWork(ds);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  beforeEach(() => ds.query(`TRUNCATE uow_items`));

  it('commits what the work wrote when it resolves, and nothing when it throws', async () => {
    await pg.transaction((tx) => add(tx, 'kept'));
    await expect(
      pg.transaction(async (tx) => {
        await add(tx, 'lost');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await names()).toEqual(['kept']);
  });

  it.each([
    ['raw pg', () => pg],
    ['TypeORM', () => orm],
  ] as [string, () => UnitOfWork][])(
    'sqlOf answers the rows of every command alike in the %s unit of work',
    async (_, uowOf) => {
      await ds.query(`INSERT INTO uow_items (name) VALUES ('a'), ('b')`);
      const seen = await uowOf().transaction(async (tx) => {
        const sql = sqlOf(tx);
        return {
          updated: await sql(`UPDATE uow_items SET name = name || '!' RETURNING name`),
          none: await sql(`UPDATE uow_items SET name = 'x' WHERE false RETURNING name`),
          deleted: await sql(`DELETE FROM uow_items WHERE name = 'a!' RETURNING name`),
          selected: await sql(`SELECT name FROM uow_items`),
        };
      });
      expect(seen).toEqual({
        updated: [{ name: 'a!' }, { name: 'b!' }],
        none: [],
        deleted: [{ name: 'a!' }],
        selected: [{ name: 'b!' }],
      });
      // And in a read, outside any transaction.
      expect(await uowOf().read((tx) => sqlOf(tx)(`DELETE FROM uow_items RETURNING name`))).toEqual(
        [{ name: 'b!' }],
      );
    },
  );

  it('refuses a second pooled connection inside a transaction instead of waiting for one', async () => {
    await expect(
      pg.transaction(async (tx) => {
        await add(tx, 'a');
        await ds.query(`SELECT 1`); // a repository that kept the data source
      }),
    ).rejects.toBeInstanceOf(SecondConnectionError);
    await expect(pg.transaction(() => pg.read(async () => undefined))).rejects.toBeInstanceOf(
      SecondConnectionError,
    );
    await expect(
      pg.transaction(() => orm.transaction(async () => undefined)),
    ).rejects.toBeInstanceOf(SecondConnectionError);
    expect(await names()).toEqual([]);
    const pool = (ds.driver as unknown as { master: { totalCount: number; idleCount: number } })
      .master;
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('reads on the pool itself outside a unit of work, and refuses inside a transaction', async () => {
    const reads = poolSqlOf(ds);
    await ds.query(`INSERT INTO uow_items (name) VALUES ('seen')`);
    expect(await reads(`SELECT name FROM uow_items`)).toEqual([{ name: 'seen' }]);
    await expect(pg.transaction(() => reads('SELECT 1'))).rejects.toBeInstanceOf(
      SecondConnectionError,
    );
    await expect(orm.transaction(() => reads('SELECT 1'))).rejects.toBeInstanceOf(
      SecondConnectionError,
    );
  });

  it('refuses the ORM for its tx, and the tx once its unit of work ended', async () => {
    let kept: Tx | undefined;
    await pg.transaction(async (tx) => {
      kept = tx;
      expect(() => entityManagerOf(tx)).toThrow(/sqlOf/);
    });
    await expect(sqlOf(kept!)('SELECT 1')).rejects.toBeInstanceOf(TxClosedError);
  });

  it('reads see one snapshot under REPEATABLE READ', async () => {
    await pg.transaction((tx) => add(tx, 'first'));
    const counted = `SELECT count(*)::int AS n FROM uow_items`;
    const seen = await pg.transaction(
      async (tx) => {
        const [before] = await sqlOf(tx)<{ n: number }>(counted);
        const other = new DataSource({ type: 'postgres', url: db.url, extra: { max: 1 } });
        await other.initialize();
        await other.query(`INSERT INTO uow_items (name) VALUES ('meanwhile')`);
        await other.destroy();
        const [after] = await sqlOf(tx)<{ n: number }>(counted);
        return [before!.n, after!.n];
      },
      { isolation: 'REPEATABLE READ' },
    );
    expect(seen).toEqual([1, 1]);
  });
});
