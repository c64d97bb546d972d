import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A profile (seed §3) plus credentials. `id` is the token subject: 21 characters for the
 * embedded provider, Keycloak's UUID (36) in keycloak mode.
 */
@Entity({ name: 'users' })
// Case-insensitive uniqueness: expression indexes on lower(), written in the migration.
@Index('users_email_lower_key', { synchronize: false })
@Index('users_username_lower_key', { synchronize: false })
@Index('users_username_skeleton_key', ['usernameSkeleton'], { unique: true })
@Index('users_suspended_until_idx', { synchronize: false })
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 30 })
  username!: string;

  /**
   * `usernameSkeleton(username)`: unique, so no two usernames read alike (ADR 0020). Accounts
   * older than the rule that collided keep theirs with `~<id>` appended.
   */
  @Column({ name: 'username_skeleton', type: 'varchar', length: 100 })
  usernameSkeleton!: string;

  @Column({ name: 'display_name', type: 'varchar', length: 60 })
  displayName!: string;

  @Column({ name: 'full_name', type: 'varchar', length: 120 })
  fullName!: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  bio!: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  location!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  county!: string | null;

  @Column({ name: 'avatar_url', type: 'varchar', length: 500, nullable: true })
  avatarUrl!: string | null;

  @Column({ name: 'seller_type', type: 'varchar', length: 10, default: 'private' })
  sellerType!: 'private' | 'trader';

  @Column({ type: 'varchar', length: 10, default: 'user' })
  role!: 'user' | 'admin';

  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth!: string | null;

  @Column({ name: 'over18_declared', type: 'boolean', default: false })
  over18Declared!: boolean;

  @Column({ name: 'terms_accepted_at', type: 'timestamptz', nullable: true })
  termsAcceptedAt!: Date | null;

  /** argon2id; null for profiles whose credentials live in Keycloak. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  @Column({ name: 'suspended_at', type: 'timestamptz', nullable: true })
  suspendedAt!: Date | null;

  @Column({ name: 'suspended_reason', type: 'text', nullable: true })
  suspendedReason!: string | null;

  /** When the suspension ends (ADR 0035); null with `suspendedAt` set = permanent. */
  @Column({ name: 'suspended_until', type: 'timestamptz', nullable: true })
  suspendedUntil!: Date | null;

  /** When the owner deleted the account (ADR 0039): every personal field above is erased. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  /** Access tokens issued before this are void (ADR 0019): "sign out everywhere". */
  @Column({ name: 'sessions_not_before', type: 'timestamptz', nullable: true })
  sessionsNotBefore!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
