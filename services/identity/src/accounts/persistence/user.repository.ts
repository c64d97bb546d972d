import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { usernameSkeleton } from '../domain/username-skeleton';
import { UserEntity } from './user.entity';

const UNIQUE_VIOLATION = '23505';

/** Which case-insensitive unique index a failed insert hit, if any. */
export function uniqueViolation(err: unknown): 'email' | 'username' | null {
  const e = err as { code?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.code ?? e.driverError?.code;
  if (code !== UNIQUE_VIOLATION) return null;
  const constraint = e.driverError?.constraint ?? (e as { constraint?: string }).constraint ?? '';
  if (constraint.includes('email')) return 'email';
  if (constraint.includes('username')) return 'username';
  return null;
}

@Injectable()
export class UserRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findById(id: string, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(UserEntity, { id });
  }

  findByIds(ids: string[], manager: EntityManager = this.dataSource.manager) {
    return ids.length === 0 ? Promise.resolve([]) : manager.findBy(UserEntity, { id: In(ids) });
  }

  /** Locks the row for the rest of the transaction (role changes, profile updates). */
  findByIdForUpdate(id: string, manager: EntityManager) {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('u.id = :id', { id })
      .getOne();
  }

  /** By email, case-insensitively, locked for the rest of the transaction (role changes). */
  findByEmailForUpdate(email: string, manager: EntityManager) {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }

  findByEmail(email: string, manager: EntityManager = this.dataSource.manager) {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }

  findByUsername(username: string, manager: EntityManager = this.dataSource.manager) {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username: username.trim() })
      .getOne();
  }

  /** The account whose username reads like `username` (same skeleton, ADR 0020), if any. */
  findLookAlike(username: string, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(UserEntity, { usernameSkeleton: usernameSkeleton(username) });
  }

  async usernameTaken(username: string, manager: EntityManager = this.dataSource.manager) {
    return (await this.findLookAlike(username, manager)) !== null;
  }

  /**
   * Admin search (newest accounts first, keyset on created_at + id): `q` is found anywhere in
   * the email, username or display name, case-insensitively. `limit + 1` rows.
   */
  search(
    q: string | null,
    after: readonly [at: string, id: string] | null,
    limit: number,
  ): Promise<Array<UserEntity & { cursorAt: string }>> {
    const qb = this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect(
        `to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        'u_cursor_at',
      );
    if (q) {
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where(
        '(lower(u.email) LIKE :p OR lower(u.username) LIKE :p OR lower(u.display_name) LIKE :p)',
        { p: pattern },
      );
    }
    if (after) {
      qb.andWhere('(u.created_at, u.id) < (:at::timestamptz, :id)', { at: after[0], id: after[1] });
    }
    return qb
      .orderBy('u.created_at', 'DESC')
      .addOrderBy('u.id', 'DESC')
      .limit(limit + 1)
      .getRawAndEntities()
      .then(({ entities, raw }) =>
        entities.map((e, i) =>
          Object.assign(e, {
            cursorAt: String((raw[i] as Record<string, unknown>)['u_cursor_at']),
          }),
        ),
      );
  }

  /** Ids of suspensions whose end date has passed (the sweep lifts them one by one). */
  async expiredSuspensions(limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT "id" FROM "identity"."users"
        WHERE "suspended_at" IS NOT NULL AND "suspended_until" <= now()
        ORDER BY "suspended_until" LIMIT $1`,
      [limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** Inserts or updates the user inside the caller's transaction; returns the saved row. */
  save(tx: EntityManager, user: UserEntity): Promise<UserEntity> {
    return tx.save(user);
  }

  /** Runs `work` in one transaction: the row change and its outbox event commit together. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
