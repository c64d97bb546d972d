import { type Tx } from '@loadout/service-kit/tx';
import {
  type Block,
  type Conversation,
  type ConversationWithBlocks,
  type Message,
  type MessagePhoto,
  type MessageSent,
  type ReadMarker,
} from './conversation';

/** Who caused a change, for its event's metadata. */
export interface ConversationActor {
  id: string;
  requestId?: string;
}

/** Keyset position in a user's list: (sort time, id) of the last row shown. */
export type ConversationPosition = readonly [sortAt: string, id: string];

/** Keyset position in a thread: (createdAt ISO, id) of the last message shown. */
export type MessagePosition = readonly [createdAt: string, id: string];

/** Unread counts of every participant: conversation id → user id → n. */
export type UnreadCounts = Map<string, Record<string, number>>;

/**
 * Conversations and their messages. `saveSent` stores a sent message, the conversation's last
 * message, the receiver's unread count + 1 and `messaging.message.sent.v1` in the outbox, all
 * in the caller's transaction.
 */
export abstract class ConversationRepository {
  /** The conversation with the blocks between its participants, or null. */
  abstract find(tx: Tx, id: string): Promise<ConversationWithBlocks | null>;
  /** As `find`, the row locked until the transaction ends (sends commit in order). */
  abstract lock(tx: Tx, id: string): Promise<ConversationWithBlocks | null>;
  /**
   * Stores a new conversation, or finds the pair's one about the same listing (two concurrent
   * starts meet at a unique index and get the same one).
   */
  abstract findOrCreate(
    tx: Tx,
    conversation: Conversation,
  ): Promise<{ conversation: ConversationWithBlocks; created: boolean }>;
  /**
   * Stores the sent message and attaches the photos it names (those that are the sender's
   * unsent ones of this conversation). Returns the photos attached and the receiver's unread
   * total over all conversations (for the badge); null, with nothing stored, when what the
   * send was decided on no longer holds (the conversation is gone, or a block came between
   * its participants since it was read: ADR 0058). Outside a transaction the message, the
   * counters, the last message and the event are still written as one; photos need the
   * caller's transaction (attaching them can refuse the send after the message was written).
   */
  abstract saveSent(
    tx: Tx,
    sent: MessageSent,
    actor: ConversationActor,
  ): Promise<{ photos: MessagePhoto[]; receiverUnreadTotal: number } | null>;
  abstract markRead(tx: Tx, marker: ReadMarker): Promise<void>;
  /** Idempotent: blocking twice keeps one block. */
  abstract block(tx: Tx, block: Block): Promise<void>;
  abstract unblock(tx: Tx, block: Block): Promise<void>;
  /** The user's unread messages over all conversations (the header badge). */
  abstract totalUnread(tx: Tx, userId: string): Promise<number>;
  abstract unreadCounts(tx: Tx, ids: readonly string[]): Promise<UnreadCounts>;
  /**
   * The user's conversations, most recent activity first; an empty one shows only to whoever
   * started it. `limit + 1` rows tell whether another page exists.
   */
  abstract pageForUser(
    tx: Tx,
    userId: string,
    after: ConversationPosition | null,
    limit: number,
  ): Promise<Conversation[]>;
  /** Every block the user made or received (a user blocks few people). */
  abstract blocksInvolving(tx: Tx, userId: string): Promise<Block[]>;
  /** A thread oldest first; `limit + 1` rows tell whether another page exists. */
  abstract messagesPage(
    tx: Tx,
    conversationId: string,
    after: MessagePosition | null,
    limit: number,
  ): Promise<Message[]>;
  /**
   * Hides a message of the conversation (a moderator's decision); hiding it again keeps the
   * first time and reason. Null when the conversation has no such message.
   */
  abstract hideMessage(
    tx: Tx,
    conversationId: string,
    messageId: string,
    reason: string,
  ): Promise<Message | null>;
}
