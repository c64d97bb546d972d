import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A photo in a conversation; `messageId` is null until the message that carries it is sent. */
@Entity({ name: 'message_images' })
@Index('message_images_message_idx', ['messageId', 'position'])
@Index('message_images_pending_idx', ['uploaderId', 'createdAt'], { where: '"message_id" IS NULL' })
export class MessageImageEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  @Column({ name: 'conversation_id', type: 'varchar', length: 21 })
  conversationId!: string;

  @Column({ name: 'uploader_id', type: 'varchar', length: 64 })
  uploaderId!: string;

  @Column({ name: 'message_id', type: 'varchar', length: 21, nullable: true })
  messageId!: string | null;

  @Column({ type: 'smallint', nullable: true })
  position!: number | null;

  @Column({ name: 'large_key', type: 'varchar', length: 200 })
  largeKey!: string;

  @Column({ name: 'thumb_key', type: 'varchar', length: 200 })
  thumbKey!: string;

  @Column({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
