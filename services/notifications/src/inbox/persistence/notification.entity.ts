import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { type NotificationType } from '../domain/notification-type';

@Entity({ name: 'notifications' })
@Index('notifications_user_created_idx', ['userId', 'createdAt', 'id'])
@Index('notifications_user_unread_idx', ['userId'], { where: '"read_at" IS NULL' })
@Check(
  'notifications_type_check',
  `"type" IN ('shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'new_message', 'listing_favourited', 'dispute', 'offer', 'delivery_reminder', 'order_cancelled', 'order_refunded', 'other')`,
)
@Index('notifications_unread_group_uq', ['userId', 'groupKey'], {
  unique: true,
  where: '"read_at" IS NULL AND "group_key" IS NOT NULL',
})
export class NotificationEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  /** The token subject: 21 characters in embedded mode, a UUID with Keycloak. */
  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ type: 'varchar', length: 20 })
  type!: NotificationType;

  @Column({ type: 'varchar', length: 120 })
  title!: string;

  @Column({ type: 'varchar', length: 500 })
  message!: string;

  /** An in-app path such as `/profile`, followed when the notification is clicked. */
  @Column({ name: 'navigate_to', type: 'varchar', length: 300, nullable: true })
  navigateTo!: string | null;

  /** Batches: one unread notification per user and group (e.g. `conversation:<id>`). */
  @Column({ name: 'group_key', type: 'varchar', length: 120, nullable: true })
  groupKey!: string | null;

  /** How many events the unread notification of a group stands for. */
  @Column({ name: 'batch_count', type: 'integer', default: 1 })
  batchCount!: number;

  /** A message it stands for asks for payment outside Loadout (the bell warns). */
  @Column({ name: 'off_platform_warning', type: 'boolean', default: false })
  offPlatformWarning!: boolean;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
