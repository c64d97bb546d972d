import { type Tx } from '@loadout/service-kit/tx';

/** A photo in a conversation; `messageId` is null until the message that carries it is sent. */
export interface MessageImage {
  id: string;
  conversationId: string;
  uploaderId: string;
  messageId: string | null;
  position: number | null;
  largeKey: string;
  thumbKey: string;
  width: number;
  height: number;
  createdAt: Date;
}

/** The message that takes the sender's photos. */
export interface PhotoCarrier {
  id: string;
  conversationId: string;
  senderId: string;
}

/** Conversations' photos, each call in the caller's unit of work (`Tx`). */
export abstract class MessageImageRepository {
  abstract insert(tx: Tx, image: MessageImage): Promise<void>;
  abstract findById(tx: Tx, id: string): Promise<MessageImage | null>;
  /** Every photo the user uploaded since `since`, sent or not: the daily budget (issue 22). */
  abstract countUploadedSince(tx: Tx, uploaderId: string, since: Date): Promise<number>;
  /**
   * Attaches the sender's unsent photos of this conversation to the message, in the order
   * given, and returns those attached (fewer than asked when one is not such a photo). Inside
   * the send transaction: the row locks stop a photo from joining two messages. No photos, no
   * query.
   */
  abstract attach(tx: Tx, ids: readonly string[], message: PhotoCarrier): Promise<MessageImage[]>;
  /**
   * Deletes up to `limit` unsent photos uploaded before `before`, queueing their files for
   * erasure in the same transaction (deleted after the commit, retried while the store is
   * down); returns how many. Rows another replica is deleting at the same time are skipped,
   * not waited for. `tx` must be a transaction.
   */
  abstract deleteUnsentBefore(tx: Tx, before: Date, limit: number): Promise<number>;
  /** The photos of these messages, each message's in its order. */
  abstract forMessages(tx: Tx, messageIds: readonly string[]): Promise<Map<string, MessageImage[]>>;
}
