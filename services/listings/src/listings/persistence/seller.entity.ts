import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Read model of identity's users as sellers (filled by identity's events, or from the token
 * claims when someone lists before the event arrived).
 */
@Entity({ name: 'sellers' })
export class SellerEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 60 })
  username!: string;

  @Column({ name: 'display_name', type: 'varchar', length: 120 })
  displayName!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  county!: string | null;

  @Column({ name: 'seller_type', type: 'varchar', length: 10, default: 'private' })
  sellerType!: string;

  @Column({ name: 'member_since', type: 'timestamptz' })
  memberSince!: Date;

  /**
   * `occurredAt` of the newest identity event applied (older events never overwrite newer data);
   * the epoch for a row made from token claims, so any identity event replaces it.
   */
  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
