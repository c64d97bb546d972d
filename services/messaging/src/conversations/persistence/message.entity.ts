import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'messages' })
@Index('messages_conversation_created_idx', ['conversationId', 'createdAt', 'id'])
export class MessageEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  @Column({ name: 'conversation_id', type: 'varchar', length: 21 })
  conversationId!: string;

  @Column({ name: 'sender_id', type: 'varchar', length: 64 })
  senderId!: string;

  @Column({ name: 'receiver_id', type: 'varchar', length: 64 })
  receiverId!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'is_read', type: 'boolean', default: false })
  isRead!: boolean;

  @Column({ name: 'off_platform_warning', type: 'boolean', default: false })
  offPlatformWarning!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  /** Set when a moderator hid the message (admin decision); its content is no longer shown. */
  @Column({ name: 'hidden_at', type: 'timestamptz', precision: 3, nullable: true })
  hiddenAt!: Date | null;

  @Column({ name: 'hidden_reason', type: 'varchar', length: 500, nullable: true })
  hiddenReason!: string | null;
}
