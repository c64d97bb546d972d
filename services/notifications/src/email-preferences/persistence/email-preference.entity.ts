import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's choices for optional email; no row means the defaults (everything on). */
@Entity({ name: 'email_preferences' })
export class EmailPreferenceEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ type: 'boolean', default: true })
  messages!: boolean;

  @Column({ type: 'boolean', default: true })
  favourites!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
