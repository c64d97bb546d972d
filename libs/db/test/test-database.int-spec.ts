import { Client } from 'pg';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { migrate, serviceDataSourceOptions } from '../src';
import { assertTestDatabase, createTestDatabase, type TestDatabase } from '../src/testing';

class CreateThings1700000000000 implements MigrationInterface {
  name = 'CreateThings1700000000000';
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "sample"."things" (id int primary key)`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "sample"."things"`);
  }
}

describe('throwaway test database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('dbspec');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('creates an empty database whose name says test', async () => {
    expect(db.name).toMatch(/^loadout_test_dbspec_[0-9a-f]{8}$/);
    const c = new Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query('select current_database() as name');
    await c.end();
    expect(rows[0].name).toBe(db.name);
  });

  it('migrates a service schema once and records it', async () => {
    const ds = new DataSource(
      serviceDataSourceOptions({
        url: db.url,
        schema: 'sample',
        entities: [],
        migrations: [CreateThings1700000000000],
      }),
    );
    expect(await migrate(ds)).toEqual(['CreateThings1700000000000']);
    expect(await migrate(ds)).toEqual([]);
    const rows = await ds.query(`select count(*)::int as n from "sample"."migrations"`);
    expect(rows[0].n).toBe(1);
    await ds.destroy();
  });

  it('refuses a database whose name lacks test', () => {
    expect(() => assertTestDatabase('postgres://x@localhost/loadout')).toThrow(
      /must contain "test"/,
    );
    expect(() => assertTestDatabase('loadout_test_x')).not.toThrow();
  });
});
