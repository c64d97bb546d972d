import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The dashboard's read model, kept from other services' events (consumer group `admin`). */
export class StatsReadModel1795719300000 implements MigrationInterface {
  name = 'StatsReadModel1795719300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "admin"."stat_users" (
        "user_id" varchar(64) PRIMARY KEY,
        "registered_at" timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE INDEX "stat_users_registered_idx" ON "admin"."stat_users" ("registered_at")`,
    );
    await q.query(`
      CREATE TABLE "admin"."stat_listings" (
        "listing_id" varchar(64) PRIMARY KEY,
        "status" varchar(12) NOT NULL,
        "rank" smallint NOT NULL,
        "updated_at" timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE "admin"."stat_orders" (
        "order_id" varchar(64) PRIMARY KEY,
        "state" varchar(20) NOT NULL,
        "rank" smallint NOT NULL,
        "goods_cents" integer NOT NULL,
        "fee_cents" integer NOT NULL,
        "created_at" timestamptz NOT NULL,
        "paid_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "stat_orders_paid_idx" ON "admin"."stat_orders" ("paid_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin"."stat_orders"`);
    await q.query(`DROP TABLE "admin"."stat_listings"`);
    await q.query(`DROP TABLE "admin"."stat_users"`);
  }
}
