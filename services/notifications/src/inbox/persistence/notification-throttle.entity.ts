import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Keys of notifications already given, e.g. `listing_favourited:<listingId>:<Irish date>`. */
@Entity({ name: 'notification_throttle' })
export class NotificationThrottleEntity {
  @PrimaryColumn({ type: 'varchar', length: 160 })
  key!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
