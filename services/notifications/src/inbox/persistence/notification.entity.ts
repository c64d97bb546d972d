import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { type NotificationType } from '../domain/notification-type';

@Entity({ name: 'notifications' })
@Index('notifications_user_created_idx', ['userId', 'createdAt', 'id'])
@Index('notifications_user_unread_idx', ['userId'], { where: '"read_at" IS NULL' })
@Check(
  'notifications_type_check',
  `"type" IN ('shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'other')`,
)
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

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
