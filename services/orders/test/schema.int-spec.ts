import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceDataSource } from '@loadout/service-kit';
import { loadOrdersConfig } from '../src/orders.config';
import { ordersService } from '../src/orders.service';

describe('orders schema', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('orders_schema');
    ds = createServiceDataSource(
      ordersService,
      loadOrdersConfig({
        DATABASE_URL: db.url,
        NODE_ENV: 'test',
        INTERNAL_API_TOKEN: 'internal-test-token-0123456789',
      }),
    );
    await migrate(ds);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('has no drift between entities and committed migrations', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('refuses a second open order for one listing and a second release entry', async () => {
    const insert = (id: string, status: string) =>
      ds.query(
        `INSERT INTO orders.orders (id, listing_id, buyer_id, seller_id, status, delivery, item_cents,
           postage_cents, fee_cents, total_cents, seller_receives_cents, listing_title,
           seller_display_name, seller_type)
         VALUES ($1, 'listing-1', 'b', 's', $2, 'post', 1000, 0, 25, 1025, 1000, 't', 'S', 'private')`,
        [id, status],
      );
    await insert('o1', 'cancelled');
    await insert('o2', 'pending_payment');
    await expect(insert('o3', 'paid')).rejects.toThrow(/orders_one_open_per_listing/);
    await ds.query(`INSERT INTO orders.ledger_entries (order_id, kind) VALUES ('o2', 'release')`);
    await expect(
      ds.query(`INSERT INTO orders.ledger_entries (order_id, kind) VALUES ('o2', 'release')`),
    ).rejects.toThrow(/ledger_entries_once_per_order/);
  });
});
