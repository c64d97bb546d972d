import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceDataSource } from '@loadout/service-kit';
import { usernameSkeleton } from '../src/accounts/domain/username-skeleton';
import { identityService } from '../src/identity.service';
import { identityMigrations } from '../src/migrations';
import {
  USERNAME_SKELETON_SQL,
  UsernameSkeleton1768000000001,
} from '../src/migrations/1768000000001-username-skeleton';

/** The migration of issue 22, item 9 on accounts that existed before it (ADR 0020). */
describe('username skeleton migration', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('identity_skeleton');
    ds = createServiceDataSource(identityService, { DATABASE_URL: db.url, DB_POOL_SIZE: 2 });
    await ds.initialize();
  }, 60_000);

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('backfills skeletons, keeps older look-alikes with a marked skeleton, and agrees with the domain rule', async () => {
    // Up to the migration before the skeleton, with accounts that collide under the new rule.
    // (Later migrations follow it in the list: cut there, not at the end.)
    const before = identityMigrations.slice(
      0,
      identityMigrations.indexOf(UsernameSkeleton1768000000001),
    );
    const ds0 = createServiceDataSource(
      { ...identityService, migrations: before },
      { DATABASE_URL: db.url, DB_POOL_SIZE: 2 },
    );
    await migrate(ds0);
    const users: Array<[string, string, string]> = [
      ['u-old', 'demo_buyer', '2026-01-01'],
      ['u-new', 'demo.buyer', '2026-02-01'],
      ['u-newer', 'Demo_Buyer.', '2026-03-01'],
      ['u-other', 'sh00ter.m1', '2026-01-01'],
    ];
    for (const [id, username, createdAt] of users) {
      await ds0.query(
        `INSERT INTO identity.users (id, email, username, display_name, full_name, created_at)
         VALUES ($1, $2, $3, $3, 'Someone', $4)`,
        [id, `${id}@example.test`, username, createdAt],
      );
    }
    await ds0.destroy();

    await migrate(ds);
    const rows = (await ds.query(
      `SELECT id, username, username_skeleton FROM identity.users ORDER BY id`,
    )) as Array<{ id: string; username: string; username_skeleton: string }>;
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId['u-old']!.username_skeleton).toBe('dernobuyer');
    expect(byId['u-new']!.username_skeleton).toBe('dernobuyer~u-new');
    expect(byId['u-newer']!.username_skeleton).toBe('dernobuyer~u-newer');
    expect(byId['u-new']!.username).toBe('demo.buyer');
    expect(byId['u-other']!.username_skeleton).toBe(usernameSkeleton('sh00ter.m1'));

    const samples = ['a.b_c', 'm0m1', 'MMM...___000111', 'x'.repeat(30), 'demo_seller.9'];
    const sql = (await ds.query(
      `SELECT ${USERNAME_SKELETON_SQL.replace('"username"', 'u')} AS s
         FROM unnest($1::text[]) WITH ORDINALITY AS t(u, i) ORDER BY i`,
      [samples],
    )) as Array<{ s: string }>;
    expect(sql.map((r) => r.s)).toEqual(samples.map(usernameSkeleton));
  });
});
