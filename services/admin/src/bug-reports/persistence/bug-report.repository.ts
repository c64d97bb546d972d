import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type BugReportDto, type BugReportStatus, type BugSeverity } from '@loadout/contracts';
import { AT_TEXT, type Position } from '../../shared/page';

export interface NewBugReport {
  id: string;
  description: string;
  severity: BugSeverity;
  email: string | null;
  reporterId: string | null;
  pageUrl: string | null;
  userAgent: string | null;
}

export interface BugReportRow {
  id: string;
  description: string;
  severity: BugSeverity;
  email: string | null;
  reporter_id: string | null;
  page_url: string | null;
  user_agent: string | null;
  status: BugReportStatus;
  at: string;
  closed_at: string | null;
}

const COLUMNS = `id, description, severity, email, reporter_id, page_url, user_agent, status,
  ${AT_TEXT('created_at')} AS at, ${AT_TEXT('closed_at')} AS closed_at`;

export const toBugReportDto = (r: BugReportRow): BugReportDto => ({
  id: r.id,
  description: r.description,
  severity: r.severity,
  email: r.email,
  reporterId: r.reporter_id,
  pageUrl: r.page_url,
  userAgent: r.user_agent,
  status: r.status,
  createdAt: r.at,
  closedAt: r.closed_at,
});
export const bugReportPosition = (r: BugReportRow): Position => [r.at, r.id];

@Injectable()
export class BugReportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(report: NewBugReport): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "admin"."bug_reports" (id, description, severity, email, reporter_id, page_url, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        report.id,
        report.description,
        report.severity,
        report.email,
        report.reporterId,
        report.pageUrl,
        report.userAgent,
      ],
    );
  }

  /** Newest first. */
  page(
    filter: { status?: BugReportStatus; severity?: BugSeverity },
    after: Position | null,
    limit: number,
  ): Promise<BugReportRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.severity) where.push(`severity = $${params.push(filter.severity)}`);
    if (after)
      where.push(
        `(created_at, id) < ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})`,
      );
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM "admin"."bug_reports"
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY created_at DESC, id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  /** Sets the status in `tx`; null when there is no such report. */
  async setStatus(
    tx: EntityManager,
    id: string,
    status: BugReportStatus,
  ): Promise<BugReportRow | null> {
    const [rows] = (await tx.query(
      `UPDATE "admin"."bug_reports"
          SET status = $2::varchar, closed_at = CASE WHEN $2::varchar = 'closed' THEN coalesce(closed_at, now()) END
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, status],
    )) as [BugReportRow[], number];
    return rows[0] ?? null;
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
