import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createEventTables, dropEventTables } from '@loadout/events';

export class CreateFields1764000000000 implements MigrationInterface {
  name = 'CreateFields1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "fields"."fields" (
        "id" varchar(21) PRIMARY KEY,
        "name" varchar(120) NOT NULL,
        "county" varchar(20) NOT NULL,
        "address" varchar(300) NOT NULL,
        "eircode" varchar(8),
        "latitude" double precision,
        "longitude" double precision,
        "website" varchar(300),
        "phone" varchar(30),
        "description" text NOT NULL,
        "game_types" text[] NOT NULL,
        "aeg_joules" double precision,
        "dmr_joules" double precision,
        "sniper_joules" double precision,
        "opening_days" text[] NOT NULL,
        "rental_available" boolean NOT NULL DEFAULT false,
        "minimum_age" smallint NOT NULL DEFAULT 18,
        "is_example" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "fields_name_id_idx" ON "fields"."fields" ("name", "id")`);
    await q.query(
      `CREATE INDEX "fields_county_name_id_idx" ON "fields"."fields" ("county", "name", "id")`,
    );
    await q.query(
      `CREATE INDEX "fields_game_types_idx" ON "fields"."fields" USING gin ("game_types")`,
    );
    await createEventTables(q, 'fields');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q, 'fields');
    await q.query(`DROP TABLE "fields"."fields"`);
  }
}
