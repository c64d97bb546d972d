import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class TrustAndSafety1795719200000 implements MigrationInterface {
  name = 'TrustAndSafety1795719200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "admin"."bug_reports" (
        "id" varchar(21) PRIMARY KEY,
        "description" varchar(5000) NOT NULL,
        "severity" varchar(10) NOT NULL,
        "email" varchar(254),
        "reporter_id" varchar(64),
        "page_url" varchar(2000),
        "user_agent" varchar(500),
        "status" varchar(10) NOT NULL DEFAULT 'open',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "closed_at" timestamptz
      )`);
    await q.query(
      `CREATE INDEX "bug_reports_status_created_idx" ON "admin"."bug_reports" ("status", "created_at", "id")`,
    );
    await q.query(`
      CREATE TABLE "admin"."cases" (
        "id" varchar(21) PRIMARY KEY,
        "subject_type" varchar(10) NOT NULL,
        "subject_id" varchar(64) NOT NULL,
        "conversation_id" varchar(64),
        "affected_user_id" varchar(64),
        "status" varchar(10) NOT NULL DEFAULT 'open',
        "reasons" text[] NOT NULL,
        "report_count" integer NOT NULL DEFAULT 0,
        "first_reported_at" timestamptz NOT NULL DEFAULT now(),
        "last_reported_at" timestamptz NOT NULL DEFAULT now(),
        "decided_by" varchar(64),
        "decided_at" timestamptz,
        "version" integer NOT NULL DEFAULT 1
      )`);
    // Reports on the same item join its one undecided case.
    await q.query(
      `CREATE UNIQUE INDEX "cases_open_subject_idx" ON "admin"."cases" ("subject_type", "subject_id") WHERE "status" = 'open'`,
    );
    await q.query(
      `CREATE INDEX "cases_status_first_idx" ON "admin"."cases" ("status", "first_reported_at", "id")`,
    );
    await q.query(`
      CREATE TABLE "admin"."reports" (
        "id" varchar(21) PRIMARY KEY,
        "reference" varchar(16) NOT NULL UNIQUE,
        "case_id" varchar(21) NOT NULL REFERENCES "admin"."cases" ("id"),
        "reason" varchar(20) NOT NULL,
        "details" varchar(2000) NOT NULL,
        "reporter_id" varchar(64),
        "reporter_email" varchar(254),
        "good_faith" boolean NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "reports_case_idx" ON "admin"."reports" ("case_id", "created_at")`);
    await q.query(`
      CREATE TABLE "admin"."decisions" (
        "id" varchar(21) PRIMARY KEY,
        "case_id" varchar(21) NOT NULL REFERENCES "admin"."cases" ("id"),
        "kind" varchar(10) NOT NULL,
        "action" varchar(20) NOT NULL,
        "decided_by" varchar(64) NOT NULL,
        "facts" varchar(5000) NOT NULL,
        "ground_type" varchar(10) NOT NULL,
        "ground" varchar(500) NOT NULL,
        "automated" boolean NOT NULL DEFAULT false,
        "redress" varchar(1000) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "decisions_case_kind_idx" ON "admin"."decisions" ("case_id", "kind")`,
    );
    await q.query(`
      CREATE TABLE "admin"."appeals" (
        "case_id" varchar(21) PRIMARY KEY REFERENCES "admin"."cases" ("id"),
        "appellant_id" varchar(64) NOT NULL,
        "statement" varchar(5000) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "admin"."audit_log" (
        "id" varchar(21) PRIMARY KEY,
        "seq" bigint GENERATED ALWAYS AS IDENTITY,
        "actor_id" varchar(64) NOT NULL,
        "action" varchar(60) NOT NULL,
        "target_type" varchar(30) NOT NULL,
        "target_id" varchar(120) NOT NULL,
        "reason" varchar(5000),
        "details" jsonb NOT NULL DEFAULT '{}',
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "audit_log_seq_idx" ON "admin"."audit_log" ("seq")`);
    // Append-only: even the service's own role cannot rewrite or erase what an admin did.
    await q.query(`
      CREATE FUNCTION "admin"."audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit log is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE
        ON "admin"."audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "admin"."audit_log_append_only"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "audit_log_append_only" ON "admin"."audit_log"`);
    await q.query(`DROP FUNCTION "admin"."audit_log_append_only"()`);
    await q.query(`DROP TABLE "admin"."audit_log"`);
    await q.query(`DROP TABLE "admin"."appeals"`);
    await q.query(`DROP TABLE "admin"."decisions"`);
    await q.query(`DROP TABLE "admin"."reports"`);
    await q.query(`DROP TABLE "admin"."cases"`);
    await q.query(`DROP TABLE "admin"."bug_reports"`);
  }
}
