import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Local read model of identity's users: where to write to and how to greet them.
 * Some events (role changed, verified) carry no address or name.
 */
@Entity({ name: 'recipients' })
export class RecipientEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ name: 'display_name', type: 'varchar', length: 120, nullable: true })
  displayName!: string | null;

  /**
   * The name other members see (identity's display name; the username until it is changed).
   * `displayName` can be the full name from sign-up: never show that to anyone else.
   */
  @Column({ name: 'public_name', type: 'varchar', length: 60, nullable: true })
  publicName!: string | null;

  /** `occurredAt` of the newest event applied; older events never overwrite newer data. */
  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
