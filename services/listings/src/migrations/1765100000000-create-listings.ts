import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createEventTables, dropEventTables } from '@loadout/events';

// Copied, not imported: a committed migration must not change when entity code does.
const SEARCH_VECTOR =
  "setweight(to_tsvector('english', coalesce(title, '')), 'A') || " +
  "setweight(to_tsvector('english', coalesce(description, '')), 'B')";

export class CreateListings1765100000000 implements MigrationInterface {
  name = 'CreateListings1765100000000';

  async up(q: QueryRunner): Promise<void> {
    // Trusted extension (PG 13+): the database owner may create it. Typo search and its index.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE "listings"."listings" (
        "id" varchar(21) PRIMARY KEY,
        "seller_id" varchar(36) NOT NULL,
        "status" varchar(10) NOT NULL DEFAULT 'draft',
        "title" varchar(80) NOT NULL,
        "description" text,
        "category" varchar(30),
        "condition" varchar(20),
        "price_cents" integer,
        "county" varchar(20),
        "postage_cents" integer,
        "collection" boolean NOT NULL DEFAULT false,
        "fps" numeric,
        "bb_weight_grams" numeric,
        "joules" numeric(6,3),
        "thumb_url" text,
        "image_count" smallint NOT NULL DEFAULT 0,
        "favorite_count" integer NOT NULL DEFAULT 0,
        "featured_at" timestamptz,
        "removed_by" varchar(10),
        "removal_reason" varchar(500),
        "reserved_order_id" varchar(36),
        "sold_order_id" varchar(36),
        "published_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "version" integer NOT NULL DEFAULT 1,
        "search_vector" tsvector GENERATED ALWAYS AS (${SEARCH_VECTOR}) STORED,
        CONSTRAINT "listings_status_check"
          CHECK ("status" IN ('draft', 'active', 'reserved', 'sold', 'removed')),
        CONSTRAINT "listings_favorite_count_check" CHECK ("favorite_count" >= 0)
      )`);
    const L = `"listings"."listings"`;
    await q.query(`CREATE INDEX "listings_search_vector_idx" ON ${L} USING gin ("search_vector")`);
    await q.query(
      `CREATE INDEX "listings_title_trgm_idx" ON ${L} USING gin ("title" gin_trgm_ops)`,
    );
    // Keyset browsing of active listings, one index per sort.
    await q.query(
      `CREATE INDEX "listings_active_newest_idx" ON ${L} ("published_at" DESC, "id" DESC) WHERE "status" = 'active'`,
    );
    await q.query(
      `CREATE INDEX "listings_active_price_asc_idx" ON ${L} ("price_cents", "id") WHERE "status" = 'active'`,
    );
    await q.query(
      `CREATE INDEX "listings_active_price_desc_idx" ON ${L} ("price_cents" DESC, "id" DESC) WHERE "status" = 'active'`,
    );
    await q.query(
      `CREATE INDEX "listings_category_newest_idx" ON ${L} ("category", "published_at" DESC, "id" DESC) WHERE "status" = 'active'`,
    );
    await q.query(
      `CREATE INDEX "listings_seller_status_idx" ON ${L} ("seller_id", "status", "updated_at" DESC, "id" DESC)`,
    );
    await q.query(
      `CREATE INDEX "listings_featured_idx" ON ${L} ("featured_at" DESC, "id" DESC) WHERE "featured_at" IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE "listings"."favorites" (
        "user_id" varchar(36) NOT NULL,
        "listing_id" varchar(21) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "favorites_pkey" PRIMARY KEY ("user_id", "listing_id"),
        CONSTRAINT "favorites_listing_fk" FOREIGN KEY ("listing_id")
          REFERENCES "listings"."listings" ("id") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "favorites_user_recent_idx" ON "listings"."favorites" ("user_id", "created_at" DESC, "listing_id" DESC)`,
    );

    await q.query(`
      CREATE TABLE "listings"."sellers" (
        "id" varchar(36) PRIMARY KEY,
        "username" varchar(60) NOT NULL,
        "display_name" varchar(120) NOT NULL,
        "county" varchar(20),
        "seller_type" varchar(10) NOT NULL DEFAULT 'private',
        "member_since" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL
      )`);
    // TypeORM reads a generated column's expression back from typeorm_metadata (the catalog's
    // version is reformatted); recording it keeps the drift test meaningful for search_vector.
    await q.query(`
      CREATE TABLE IF NOT EXISTS "listings"."typeorm_metadata" (
        "type" varchar NOT NULL,
        "database" varchar,
        "schema" varchar,
        "table" varchar,
        "name" varchar,
        "value" text
      )`);
    await q.query(
      `INSERT INTO "listings"."typeorm_metadata" ("database", "schema", "table", "type", "name", "value")
       VALUES (current_database(), 'listings', 'listings', 'GENERATED_COLUMN', 'search_vector', $1)`,
      [SEARCH_VECTOR],
    );
    await createEventTables(q, 'listings');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q, 'listings');
    await q.query(
      `DELETE FROM "listings"."typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'listings'`,
    );
    await q.query(`DROP TABLE "listings"."sellers"`);
    await q.query(`DROP TABLE "listings"."favorites"`);
    await q.query(`DROP TABLE "listings"."listings"`);
  }
}
