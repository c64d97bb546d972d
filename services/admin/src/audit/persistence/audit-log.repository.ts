import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type AuditEntryDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { AT_TEXT, type Position } from '../../shared/page';

export interface AuditEntry {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  details?: Record<string, unknown>;
}

interface AuditRow {
  id: string;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  details: Record<string, unknown>;
  at: string;
}

export const toAuditEntryDto = (r: AuditRow): AuditEntryDto => ({
  id: r.id,
  actorId: r.actor_id,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  reason: r.reason,
  details: r.details,
  createdAt: r.at,
});
export const auditPosition = (r: AuditRow): Position => [r.at, r.id];

/** Every admin action, appended in the action's transaction; the table refuses changes. */
@Injectable()
export class AuditLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async append(tx: EntityManager | null, entry: AuditEntry): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO "admin"."audit_log" ("id", "actor_id", "action", "target_type", "target_id", "reason", "details")
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [
        newId(),
        entry.actorId,
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.reason ?? null,
        JSON.stringify(entry.details ?? {}),
      ],
    );
  }

  /** Newest first. */
  page(
    filter: { actorId?: string; targetType?: string },
    after: Position | null,
    limit: number,
  ): Promise<AuditRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.actorId) where.push(`actor_id = $${params.push(filter.actorId)}`);
    if (filter.targetType) where.push(`target_type = $${params.push(filter.targetType)}`);
    if (after)
      where.push(
        `(created_at, id) < ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})`,
      );
    return this.dataSource.query(
      `SELECT id, actor_id, action, target_type, target_id, reason, details, ${AT_TEXT('created_at')} AS at
         FROM "admin"."audit_log" ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY created_at DESC, id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }
}
