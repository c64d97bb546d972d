import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { type TokenPurpose } from '../domain/one-time-token';
import { UserEntity } from './user.entity';

/** Single-use email verification and password reset tokens, stored as SHA-256 hashes. */
@Entity({ name: 'account_tokens' })
@Index('account_tokens_user_purpose_idx', ['userId', 'purpose'])
export class AccountTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_tokens_user_id_fkey' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 20 })
  purpose!: TokenPurpose;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
