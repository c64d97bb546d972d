import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A session that ended (signed out, password reset, refresh token reuse) while access tokens
 * carrying its `sid` may still be unexpired; kept until they all are (ADR 0019).
 */
@Entity({ name: 'ended_sessions' })
@Index('ended_sessions_expires_idx', ['expiresAt'])
export class EndedSessionEntity {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  sid!: string;

  @Column({ name: 'ended_at', type: 'timestamptz', default: () => 'now()' })
  endedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
