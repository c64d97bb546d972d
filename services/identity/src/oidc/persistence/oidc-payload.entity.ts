import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** oidc-provider's models (Session, Grant, AccessToken, RefreshToken, Interaction…), one row each. */
@Entity({ name: 'oidc_payloads' })
@Index('oidc_payloads_grant_idx', ['model', 'grantId'])
@Index('oidc_payloads_uid_idx', ['model', 'uid'])
@Index('oidc_payloads_account_idx', ['accountId'])
@Index('oidc_payloads_expires_idx', ['expiresAt'])
export class OidcPayloadEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  model!: string;

  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ name: 'grant_id', type: 'text', nullable: true })
  grantId!: string | null;

  @Column({ type: 'text', nullable: true })
  uid!: string | null;

  @Column({ name: 'account_id', type: 'varchar', length: 36, nullable: true })
  accountId!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;
}
