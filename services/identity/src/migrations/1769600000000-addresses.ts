import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 25 item 1 (ADR 0029): the address book; rows go with their account. */
export class Addresses1769600000000 implements MigrationInterface {
  name = 'Addresses1769600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "identity"."addresses" (
        "id" varchar(21) NOT NULL,
        "user_id" varchar(36) NOT NULL,
        "name" varchar(100) NOT NULL,
        "line1" varchar(100) NOT NULL,
        "line2" varchar(100),
        "town" varchar(60) NOT NULL,
        "county" varchar(20) NOT NULL,
        "eircode" varchar(8) NOT NULL,
        "phone" varchar(20),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_addresses" PRIMARY KEY ("id"),
        CONSTRAINT "addresses_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "identity"."users" ("id") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "addresses_user_idx" ON "identity"."addresses" ("user_id", "created_at")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "identity"."addresses"`);
  }
}
