import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A message kept by the devbox adapter instead of being sent (embedded mode only). */
@Entity({ name: 'dev_mailbox' })
@Index('dev_mailbox_created_at_idx', ['createdAt'])
export class DevMailboxMessageEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  @Column({ name: 'to', type: 'varchar', length: 320 })
  to!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text' })
  html!: string;

  /** Extra headers of the message (List-Unsubscribe…), so tests and the page can show them. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  headers!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
