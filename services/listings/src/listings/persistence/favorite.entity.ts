import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ListingEntity } from './listing.entity';

/** A user's favourite listing; `listings.favorite_count` moves with it in one transaction. */
@Entity({ name: 'favorites' })
export class FavoriteEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @PrimaryColumn({ name: 'listing_id', type: 'varchar', length: 21 })
  listingId!: string;

  @ManyToOne(() => ListingEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'listing_id', foreignKeyConstraintName: 'favorites_listing_fk' })
  listing?: ListingEntity;

  @Index('favorites_user_recent_idx', { synchronize: false })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
