import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export type IdempotencyStart =
  | { kind: 'started' }
  | { kind: 'replay'; statusCode: number; response: unknown }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/** `Idempotency-Key` per user: the first request claims the key, its answer is replayed. */
@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async start(userId: string, key: string, scope: string): Promise<IdempotencyStart> {
    const inserted = (await this.dataSource.query(
      `INSERT INTO orders.idempotency_keys (user_id, key, scope) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, scope],
    )) as unknown[];
    if (inserted.length > 0) return { kind: 'started' };
    const [row] = (await this.dataSource.query(
      `SELECT scope, status_code AS "statusCode", response FROM orders.idempotency_keys
        WHERE user_id = $1 AND key = $2`,
      [userId, key],
    )) as { scope: string; statusCode: number | null; response: unknown }[];
    if (!row) return this.start(userId, key, scope); // abandoned meanwhile: claim it again
    if (row.scope !== scope) return { kind: 'mismatch' };
    if (row.statusCode === null) return { kind: 'in_progress' };
    return { kind: 'replay', statusCode: row.statusCode, response: row.response };
  }

  async finish(userId: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE orders.idempotency_keys SET status_code = $3, response = $4::jsonb
        WHERE user_id = $1 AND key = $2`,
      [userId, key, statusCode, JSON.stringify(response ?? null)],
    );
  }

  /** A failed request frees its key: the retry runs again (and meets the same rules). */
  async abandon(userId: string, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM orders.idempotency_keys WHERE user_id = $1 AND key = $2 AND status_code IS NULL`,
      [userId, key],
    );
  }
}
