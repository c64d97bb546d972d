import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'conversations' })
@Index('conversations_pair_listing_uq', ['pairKey', 'listingKey'], { unique: true })
export class ConversationEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  /** The two user ids in canonical order (seed §3 `participants`). */
  @Column({ type: 'text', array: true })
  participants!: string[];

  /** `a|b` of the canonical pair: with listingKey, what makes a one-to-one conversation reusable. */
  @Column({ name: 'pair_key', type: 'varchar', length: 100 })
  pairKey!: string;

  /** The listing id, or '' for a conversation about no listing (NULLs are never equal in a unique index). */
  @Column({ name: 'listing_key', type: 'varchar', length: 21, default: '' })
  listingKey!: string;

  /** Who opened it: an empty conversation shows only in their list until the first message. */
  @Column({ name: 'started_by', type: 'varchar', length: 64 })
  startedBy!: string;

  @Column({ name: 'listing_id', type: 'varchar', length: 21, nullable: true })
  listingId!: string | null;

  @Column({ name: 'listing_title', type: 'varchar', length: 120, nullable: true })
  listingTitle!: string | null;

  @Column({ name: 'listing_price_cents', type: 'integer', nullable: true })
  listingPriceCents!: number | null;

  @Column({ name: 'listing_thumb_url', type: 'varchar', length: 500, nullable: true })
  listingThumbUrl!: string | null;

  /** A short preview of the last message (lists never need the full content). */
  @Column({ name: 'last_message', type: 'varchar', length: 200, nullable: true })
  lastMessage!: string | null;

  /** The last message asks for payment outside checkout: the preview warns too. */
  @Column({ name: 'last_message_off_platform', type: 'boolean', default: false })
  lastMessageOffPlatform!: boolean;

  @Column({ name: 'last_message_at', type: 'timestamptz', precision: 3, nullable: true })
  lastMessageAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
