import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export const EMAIL_STATUSES = ['sent', 'failed', 'skipped'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** One row per send attempt (or deliberate skip). Never the body: it carries tokens. */
@Entity({ name: 'email_log' })
@Index('email_log_event_id_idx', ['eventId'])
@Index('email_log_created_at_idx', ['createdAt'])
@Check('email_log_status_check', `"status" IN ('sent', 'failed', 'skipped')`)
export class EmailLogEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  /** Null when no address was known (status `skipped`). */
  @Column({ name: 'to', type: 'varchar', length: 320, nullable: true })
  to!: string | null;

  @Column({ type: 'varchar', length: 40 })
  template!: string;

  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId!: string | null;

  @Column({ type: 'varchar', length: 20 })
  status!: EmailStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
