import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** What the admin service holds about one user as reporter, appellant or affected user (ADR 0039). */
@Injectable()
export class AdminUserDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async exportOf(userId: string): Promise<Record<string, unknown>> {
    const m = this.dataSource.manager;
    const reportsMade = await m.query(
      `SELECT r."reference", r."reason", r."details", r."good_faith" AS "goodFaith",
              r."reporter_email" AS "email", r."created_at" AS "createdAt",
              c."subject_type" AS "subjectType", c."subject_id" AS "subjectId",
              c."status" AS "caseStatus", c."decided_at" AS "decidedAt"
         FROM "admin"."reports" r JOIN "admin"."cases" c ON c."id" = r."case_id"
        WHERE r."reporter_id" = $1 ORDER BY r."created_at", r."id"`,
      [userId],
    );
    const bugReports = await m.query(
      `SELECT "id", "description", "severity", "email", "page_url" AS "pageUrl",
              "user_agent" AS "userAgent", "status", "created_at" AS "createdAt",
              "closed_at" AS "closedAt"
         FROM "admin"."bug_reports" WHERE "reporter_id" = $1 ORDER BY "created_at", "id"`,
      [userId],
    );
    // Decisions about the user's own content, with the statement of reasons they were sent.
    const decisionsAboutMe = await m.query(
      `SELECT c."id" AS "caseId", c."subject_type" AS "subjectType", c."subject_id" AS "subjectId",
              c."status", c."reasons",
              COALESCE((SELECT json_agg(json_build_object('kind', d."kind", 'action', d."action",
                                                          'facts', d."facts",
                                                          'decidedAt', d."created_at")
                                        ORDER BY d."created_at")
                          FROM "admin"."decisions" d WHERE d."case_id" = c."id"), '[]') AS "decisions"
         FROM "admin"."cases" c
        WHERE c."affected_user_id" = $1 AND c."decided_at" IS NOT NULL
        ORDER BY c."first_reported_at", c."id"`,
      [userId],
    );
    const appeals = await m.query(
      `SELECT "case_id" AS "caseId", "statement", "created_at" AS "createdAt"
         FROM "admin"."appeals" WHERE "appellant_id" = $1 ORDER BY "created_at"`,
      [userId],
    );
    return { reportsMade, bugReports, decisionsAboutMe, appeals };
  }

  /**
   * A deleted user: their reports, bug reports, cases and the audit log stay, naming them by
   * id only — the email they gave on a report or bug report and the browser details go.
   * (The audit log is append-only and holds ids, never names or emails.) Idempotent.
   */
  async eraseContactDetails(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(
      `UPDATE "admin"."reports" SET "reporter_email" = NULL
        WHERE "reporter_id" = $1 AND "reporter_email" IS NOT NULL`,
      [userId],
    );
    await tx.query(
      `UPDATE "admin"."bug_reports" SET "email" = NULL, "user_agent" = NULL
        WHERE "reporter_id" = $1 AND ("email" IS NOT NULL OR "user_agent" IS NOT NULL)`,
      [userId],
    );
  }
}
