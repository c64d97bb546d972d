import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { ListingEntity } from '../../listings/persistence/listing.entity';

export type ImageStatus = 'pending' | 'ready' | 'failed';

/** An uploaded photo: `pending` until its upload completes and it is re-encoded (`ready`). */
@Entity({ name: 'images' })
@Index('images_owner_created_idx', ['ownerId', 'createdAt'])
@Index('images_listing_position_idx', ['listingId', 'position'])
export class ImageEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'listing_id', type: 'varchar', length: 21, nullable: true })
  listingId!: string | null;

  @ManyToOne(() => ListingEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'listing_id', foreignKeyConstraintName: 'images_listing_fk' })
  listing?: ListingEntity | null;

  @Column({ type: 'smallint', nullable: true })
  position!: number | null;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: ImageStatus;

  /** The object store's id of the browser upload (until it completes). */
  @Column({ name: 'upload_id', type: 'varchar', length: 1024, nullable: true })
  uploadId!: string | null;

  @Column({ name: 'original_key', type: 'varchar', length: 200 })
  originalKey!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  url!: string | null;

  @Column({ name: 'thumb_url', type: 'varchar', length: 500, nullable: true })
  thumbUrl!: string | null;

  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  /** Declared size of the upload. */
  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  /** Declared content type of the upload (not trusted: the pipeline checks the bytes). */
  @Column({ name: 'content_type', type: 'varchar', length: 30 })
  contentType!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
