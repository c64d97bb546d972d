import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type CaseDto,
  type CaseStatus,
  type CaseSummaryDto,
  type DecisionDto,
  type ModerationAction,
  type ReportDto,
  type ReportReason,
  type ReportSubjectType,
  type StatementOfReasons,
} from '@loadout/contracts';
import { newId } from '@loadout/db';
import { AT_TEXT, type Position } from '../../shared/page';
import { type CaseFacts } from '../domain/case-rules';

export interface NewReport {
  reference: string;
  subjectType: ReportSubjectType;
  subjectId: string;
  conversationId: string | null;
  affectedUserId: string | null;
  reason: ReportReason;
  details: string;
  reporterId: string | null;
  reporterEmail: string | null;
}

export interface NewDecision {
  kind: 'decision' | 'appeal';
  action: ModerationAction | 'upheld' | 'reversed';
  decidedBy: string;
  statement: StatementOfReasons;
  /** Learned while acting (the seller of a removed listing, the sender of a hidden message). */
  affectedUserId: string | null;
}

interface CaseRow {
  id: string;
  subject_type: ReportSubjectType;
  subject_id: string;
  conversation_id: string | null;
  affected_user_id: string | null;
  status: CaseStatus;
  reasons: ReportReason[];
  report_count: number;
  first_at: string;
  last_at: string;
  age_seconds: number;
  decided_by: string | null;
}

const CASE_COLUMNS = `id, subject_type, subject_id, conversation_id, affected_user_id, status, reasons,
  report_count, decided_by, ${AT_TEXT('first_reported_at')} AS first_at,
  ${AT_TEXT('last_reported_at')} AS last_at,
  floor(extract(epoch FROM now() - first_reported_at))::int AS age_seconds`;

const toSummary = (r: CaseRow): CaseSummaryDto => ({
  id: r.id,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  conversationId: r.conversation_id,
  affectedUserId: r.affected_user_id,
  status: r.status,
  reasons: r.reasons,
  reportCount: r.report_count,
  firstReportedAt: r.first_at,
  lastReportedAt: r.last_at,
  ageSeconds: r.age_seconds,
});

export interface CaseFilter {
  status?: CaseStatus;
  subjectType?: ReportSubjectType;
  reason?: ReportReason;
}

/** A case with everything a decision needs: its reports, decisions and appeal. */
export interface LoadedCase {
  dto: CaseDto;
  facts: CaseFacts;
}

@Injectable()
export class CaseRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Files a report into the item's open case (made on the first report); the partial unique
   * index makes concurrent first reports meet in one case.
   */
  async fileReport(
    tx: EntityManager,
    report: NewReport,
  ): Promise<{ caseId: string; reportId: string; receivedAt: string }> {
    const [c] = (await tx.query(
      `INSERT INTO "admin"."cases" (id, subject_type, subject_id, conversation_id, affected_user_id, reasons, report_count)
       VALUES ($1, $2, $3, $4, $5, ARRAY[$6]::text[], 1)
       ON CONFLICT (subject_type, subject_id) WHERE status = 'open' DO UPDATE SET
         report_count = "cases".report_count + 1,
         last_reported_at = now(),
         reasons = ARRAY(SELECT DISTINCT unnest("cases".reasons || EXCLUDED.reasons) ORDER BY 1),
         affected_user_id = coalesce("cases".affected_user_id, EXCLUDED.affected_user_id),
         conversation_id = coalesce("cases".conversation_id, EXCLUDED.conversation_id),
         version = "cases".version + 1
       RETURNING id`,
      [
        newId(),
        report.subjectType,
        report.subjectId,
        report.conversationId,
        report.affectedUserId,
        report.reason,
      ],
    )) as { id: string }[];
    const reportId = newId();
    const [r] = (await tx.query(
      `INSERT INTO "admin"."reports" (id, reference, case_id, reason, details, reporter_id, reporter_email, good_faith)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true) RETURNING ${AT_TEXT('created_at')} AS at`,
      [
        reportId,
        report.reference,
        c!.id,
        report.reason,
        report.details,
        report.reporterId,
        report.reporterEmail,
      ],
    )) as { at: string }[];
    return { caseId: c!.id, reportId, receivedAt: r!.at };
  }

  /** The queue: oldest first. */
  async page(filter: CaseFilter, after: Position | null, limit: number): Promise<CaseRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.subjectType) where.push(`subject_type = $${params.push(filter.subjectType)}`);
    if (filter.reason) where.push(`$${params.push(filter.reason)} = ANY(reasons)`);
    if (after)
      where.push(
        `(first_reported_at, id) > ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})`,
      );
    return this.dataSource.query(
      `SELECT ${CASE_COLUMNS} FROM "admin"."cases"
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY first_reported_at, id LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  /** The case, locked for the rest of `tx` when one is given. */
  async load(id: string, tx?: EntityManager): Promise<LoadedCase | null> {
    const db = tx ?? this.dataSource.manager;
    const [row] = (await db.query(
      `SELECT ${CASE_COLUMNS} FROM "admin"."cases" WHERE id = $1 ${tx ? 'FOR UPDATE' : ''}`,
      [id],
    )) as CaseRow[];
    if (!row) return null;
    const reports = (await db.query(
      `SELECT id, reference, reason, details, reporter_id, reporter_email, ${AT_TEXT('created_at')} AS at
         FROM "admin"."reports" WHERE case_id = $1 ORDER BY created_at, id`,
      [id],
    )) as {
      id: string;
      reference: string;
      reason: ReportReason;
      details: string;
      reporter_id: string | null;
      reporter_email: string | null;
      at: string;
    }[];
    const decisions = (await db.query(
      `SELECT id, kind, action, decided_by, facts, ground_type, ground, automated, redress,
              ${AT_TEXT('created_at')} AS at
         FROM "admin"."decisions" WHERE case_id = $1 ORDER BY created_at, id`,
      [id],
    )) as {
      id: string;
      kind: 'decision' | 'appeal';
      action: DecisionDto['action'];
      decided_by: string;
      facts: string;
      ground_type: 'law' | 'terms';
      ground: string;
      automated: boolean;
      redress: string;
      at: string;
    }[];
    const [appeal] = (await db.query(
      `SELECT appellant_id, statement, ${AT_TEXT('created_at')} AS at FROM "admin"."appeals" WHERE case_id = $1`,
      [id],
    )) as { appellant_id: string; statement: string; at: string }[];
    const first = decisions.find((d) => d.kind === 'decision');
    const dto: CaseDto = {
      ...toSummary(row),
      reports: reports.map((r): ReportDto => ({
        id: r.id,
        reference: r.reference,
        reason: r.reason,
        details: r.details,
        reporterId: r.reporter_id,
        reporterEmail: r.reporter_email,
        createdAt: r.at,
      })),
      decisions: decisions.map((d): DecisionDto => ({
        id: d.id,
        kind: d.kind,
        action: d.action,
        decidedBy: d.decided_by,
        statement: {
          facts: d.facts,
          groundType: d.ground_type,
          ground: d.ground,
          automated: d.automated,
          redress: d.redress,
        },
        createdAt: d.at,
      })),
      appeal: appeal
        ? { appellantId: appeal.appellant_id, statement: appeal.statement, createdAt: appeal.at }
        : null,
    };
    return {
      dto,
      facts: {
        status: row.status,
        subjectType: row.subject_type,
        affectedUserId: row.affected_user_id,
        decidedBy: row.decided_by,
        decisionAction: (first?.action as ModerationAction | undefined) ?? null,
        hasAppeal: appeal !== undefined,
      },
    };
  }

  /** Records a decision (or an appeal's) and moves the case on: decided, or closed after appeal. */
  async recordDecision(tx: EntityManager, caseId: string, d: NewDecision): Promise<string> {
    const id = newId();
    await tx.query(
      `INSERT INTO "admin"."decisions" (id, case_id, kind, action, decided_by, facts, ground_type, ground, automated, redress)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        caseId,
        d.kind,
        d.action,
        d.decidedBy,
        d.statement.facts,
        d.statement.groundType,
        d.statement.ground,
        d.statement.automated,
        d.statement.redress,
      ],
    );
    if (d.kind === 'decision')
      await tx.query(
        `UPDATE "admin"."cases" SET status = 'decided', decided_by = $2, decided_at = now(),
           affected_user_id = coalesce($3, affected_user_id), version = version + 1 WHERE id = $1`,
        [caseId, d.decidedBy, d.affectedUserId],
      );
    else
      await tx.query(
        `UPDATE "admin"."cases" SET status = 'closed', version = version + 1 WHERE id = $1`,
        [caseId],
      );
    return id;
  }

  async recordAppeal(
    tx: EntityManager,
    caseId: string,
    appellantId: string,
    statement: string,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO "admin"."appeals" (case_id, appellant_id, statement) VALUES ($1, $2, $3)`,
      [caseId, appellantId, statement],
    );
    await tx.query(
      `UPDATE "admin"."cases" SET status = 'appealed', version = version + 1 WHERE id = $1`,
      [caseId],
    );
  }
}

export { toSummary as toCaseSummaryDto };
export const casePosition = (r: CaseRow): Position => [r.first_at, r.id];
