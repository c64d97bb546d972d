import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { hashToken, newOneTimeToken, type TokenPurpose } from '../domain/one-time-token';
import { AccountTokenEntity } from './account-token.entity';

@Injectable()
export class AccountTokenRepository {
  /** Stores the hash of a new token and returns the raw value for the link (never stored). */
  async issue(
    manager: EntityManager,
    userId: string,
    purpose: TokenPurpose,
  ): Promise<{ raw: string; expiresAt: Date }> {
    const token = newOneTimeToken(purpose);
    await manager.insert(AccountTokenEntity, {
      tokenHash: token.hash,
      userId,
      purpose,
      expiresAt: token.expiresAt,
      usedAt: null,
    });
    return { raw: token.raw, expiresAt: token.expiresAt };
  }

  /**
   * Marks the token used if it is valid and returns its user; one UPDATE, so two requests with
   * the same token cannot both succeed.
   */
  async consume(
    manager: EntityManager,
    raw: string,
    purpose: TokenPurpose,
  ): Promise<string | null> {
    const result: unknown = await manager.query(
      `UPDATE "identity"."account_tokens" SET "used_at" = now()
        WHERE "token_hash" = $1 AND "purpose" = $2 AND "used_at" IS NULL AND "expires_at" > now()
        RETURNING "user_id"`,
      [hashToken(raw), purpose],
    );
    // TypeORM answers an UPDATE with [rows, affected].
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Array<{
      user_id: string;
    }>;
    const first = rows[0];
    return first ? first.user_id : null;
  }

  /** Retires every outstanding token of one purpose (after a verification or a password change). */
  async retireAll(manager: EntityManager, userId: string, purpose: TokenPurpose): Promise<void> {
    await manager.query(
      `UPDATE "identity"."account_tokens" SET "used_at" = now()
        WHERE "user_id" = $1 AND "purpose" = $2 AND "used_at" IS NULL`,
      [userId, purpose],
    );
  }
}
