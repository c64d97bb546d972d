import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createEventTables, dropEventTables } from '@loadout/events';

export class CreateIdentity1764100000000 implements MigrationInterface {
  name = 'CreateIdentity1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "identity"."users" (
        "id" varchar(36) PRIMARY KEY,
        "email" varchar(254) NOT NULL,
        "username" varchar(30) NOT NULL,
        "display_name" varchar(60) NOT NULL,
        "full_name" varchar(120) NOT NULL,
        "bio" varchar(500) NOT NULL DEFAULT '',
        "location" varchar(100) NOT NULL DEFAULT '',
        "county" varchar(20),
        "avatar_url" varchar(500),
        "seller_type" varchar(10) NOT NULL DEFAULT 'private',
        "role" varchar(10) NOT NULL DEFAULT 'user',
        "date_of_birth" date,
        "over18_declared" boolean NOT NULL DEFAULT false,
        "terms_accepted_at" timestamptz,
        "password_hash" text,
        "email_verified_at" timestamptz,
        "suspended_at" timestamptz,
        "suspended_reason" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "users_email_lower_key" ON "identity"."users" (lower("email"))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "users_username_lower_key" ON "identity"."users" (lower("username"))`,
    );

    await q.query(`
      CREATE TABLE "identity"."account_tokens" (
        "token_hash" varchar(64) PRIMARY KEY,
        "user_id" varchar(36) NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "purpose" varchar(20) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "account_tokens_user_purpose_idx" ON "identity"."account_tokens" ("user_id", "purpose")`,
    );

    await q.query(`
      CREATE TABLE "identity"."oidc_payloads" (
        "model" varchar(40) NOT NULL,
        "id" text NOT NULL,
        "payload" jsonb NOT NULL,
        "grant_id" text,
        "uid" text,
        "account_id" varchar(36),
        "expires_at" timestamptz,
        "consumed_at" timestamptz,
        PRIMARY KEY ("model", "id")
      )`);
    await q.query(
      `CREATE INDEX "oidc_payloads_grant_idx" ON "identity"."oidc_payloads" ("model", "grant_id")`,
    );
    await q.query(
      `CREATE INDEX "oidc_payloads_uid_idx" ON "identity"."oidc_payloads" ("model", "uid")`,
    );
    await q.query(
      `CREATE INDEX "oidc_payloads_account_idx" ON "identity"."oidc_payloads" ("account_id")`,
    );
    await q.query(
      `CREATE INDEX "oidc_payloads_expires_idx" ON "identity"."oidc_payloads" ("expires_at")`,
    );

    await q.query(`
      CREATE TABLE "identity"."oidc_keys" (
        "id" varchar(64) PRIMARY KEY,
        "kind" varchar(20) NOT NULL,
        "material" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);

    await createEventTables(q, 'identity');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q, 'identity');
    await q.query(`DROP TABLE "identity"."oidc_keys"`);
    await q.query(`DROP TABLE "identity"."oidc_payloads"`);
    await q.query(`DROP TABLE "identity"."account_tokens"`);
    await q.query(`DROP TABLE "identity"."users"`);
  }
}
