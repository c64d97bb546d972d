import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateImages1765100000001 implements MigrationInterface {
  name = 'CreateImages1765100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "listings"."images" (
        "id" varchar(21) PRIMARY KEY,
        "owner_id" varchar(36) NOT NULL,
        "listing_id" varchar(21),
        "position" smallint,
        "status" varchar(10) NOT NULL DEFAULT 'pending',
        "upload_id" varchar(1024),
        "original_key" varchar(200) NOT NULL,
        "url" varchar(500),
        "thumb_url" varchar(500),
        "width" integer,
        "height" integer,
        "size_bytes" integer NOT NULL,
        "content_type" varchar(30) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "images_listing_fk" FOREIGN KEY ("listing_id")
          REFERENCES "listings"."listings" ("id") ON DELETE SET NULL
      )`);
    await q.query(
      `CREATE INDEX "images_owner_created_idx" ON "listings"."images" ("owner_id", "created_at")`,
    );
    await q.query(
      `CREATE INDEX "images_listing_position_idx" ON "listings"."images" ("listing_id", "position")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "listings"."images"`);
  }
}
