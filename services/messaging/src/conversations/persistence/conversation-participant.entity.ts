import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One row per participant: their unread count changes with one atomic UPDATE. */
@Entity({ name: 'conversation_participants' })
@Index('conversation_participants_user_idx', ['userId'])
export class ConversationParticipantEntity {
  @PrimaryColumn({ name: 'conversation_id', type: 'varchar', length: 21 })
  conversationId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ name: 'unread_count', type: 'integer', default: 0 })
  unreadCount!: number;
}
