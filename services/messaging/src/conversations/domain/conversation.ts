import { isId } from '@loadout/db/keys';
import { validationError } from '@loadout/errors';
import { blockedConversation, conversationNotFound } from './conversation.errors';
import { normaliseContent, previewOf } from './message-content';
import { photoIdsOf, photoNotFound } from './message-images';
import { checkOffPlatformPayment } from './off-platform-payment';
import {
  assertParticipant,
  isBlockedBetween,
  oneToOneParticipants,
  otherParticipant,
} from './participants';

/**
 * The Conversation aggregate (issue 29, ADR 0045): a one-to-one thread between two users,
 * about one listing or none, with its rules — who may start it, who may write, blocks, what a
 * message may hold, the off-platform payment flag, read markers. Pure: each step returns what
 * changed; the `ConversationRepository` port stores it (and the outbox event) in the caller's
 * transaction.
 */

export interface Block {
  blockerId: string;
  blockedId: string;
}

export interface Conversation {
  id: string;
  /** The two user ids in canonical order. */
  participants: string[];
  /** Who opened it: an empty conversation shows only in their list until the first message. */
  startedBy: string;
  listingId: string | null;
  listingTitle: string | null;
  listingPriceCents: number | null;
  listingThumbUrl: string | null;
  /** The last message's preview (lists never need the full content). */
  lastMessage: string | null;
  lastMessageOffPlatform: boolean;
  lastMessageAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A conversation with the blocks between its two participants (what a write must know). */
export interface ConversationWithBlocks extends Conversation {
  blocks: Block[];
}

export interface Message {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  isRead: boolean;
  offPlatformWarning: boolean;
  createdAt: Date;
  /** Set when a moderator hid it. */
  hiddenAt: Date | null;
}

/** A photo of a message (stored privately; its bytes go to the participants only). */
export interface MessagePhoto {
  id: string;
  conversationId: string;
  width: number;
  height: number;
}

/** The listing a conversation is about, as the listings service tells it. */
export interface ConversationListing {
  id: string;
  sellerId: string;
  title: string;
  priceCents: number | null;
  thumbUrl: string | null;
}

const recipientRequired = () =>
  validationError('MESSAGING.RECIPIENT_REQUIRED', 'Choose who to message.', [
    { field: 'recipientId', messages: ['Choose who to message.'] },
  ]);
const notTheSeller = () =>
  validationError(
    'MESSAGING.NOT_THE_SELLER',
    'A conversation about a listing must include its seller.',
  );

/**
 * Whom a conversation is with: the recipient named, or the listing's seller. A conversation
 * about a listing includes its seller; nobody talks to themselves.
 */
export function recipientOf(
  starterId: string,
  recipientId: string | null | undefined,
  listing: ConversationListing | null,
): string {
  const recipient = recipientId ?? listing?.sellerId;
  if (!recipient) throw recipientRequired();
  if (listing && recipient !== listing.sellerId && starterId !== listing.sellerId)
    throw notTheSeller();
  oneToOneParticipants(starterId, recipient);
  return recipient;
}

/**
 * A new conversation between the starter and the recipient about the listing (or none). The
 * repository reuses the pair's existing one about the same listing instead (one per pair and
 * listing, like Vinted and eBay threads).
 */
export function startConversation(
  id: string,
  starterId: string,
  recipientId: string | null | undefined,
  listing: ConversationListing | null,
  now: Date,
): Conversation {
  const recipient = recipientOf(starterId, recipientId, listing);
  return {
    id,
    participants: oneToOneParticipants(starterId, recipient),
    startedBy: starterId,
    listingId: listing?.id ?? null,
    listingTitle: listing?.title ?? null,
    listingPriceCents: listing?.priceCents ?? null,
    listingThumbUrl: listing?.thumbUrl ?? null,
    lastMessage: null,
    lastMessageOffPlatform: false,
    lastMessageAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** What a message to send says, checked before any conversation is looked at. */
export interface MessageDraft {
  content: string;
  photoIds: string[];
}

/** Text trimmed, ≤ 2,000 characters, not blank unless photos are attached; at most 4 photos. */
export function draftMessage(input: { content: unknown; imageIds?: unknown }): MessageDraft {
  const photoIds = photoIdsOf(input.imageIds);
  const content = normaliseContent(input.content, { withPhotos: photoIds.length > 0 });
  return { content, photoIds };
}

/** A sent message, the conversation as it now stands, and the photos to attach. */
export interface MessageSent {
  conversation: ConversationWithBlocks;
  message: Message;
  photoIds: string[];
  /** The one-line preview kept on the conversation and put in the event. */
  preview: string;
}

/**
 * The sender writes into the conversation: participants only, never across a block (either
 * direction). The message is delivered unread; a push for payment outside checkout is
 * flagged, not refused.
 */
export function sendMessage(
  conversation: ConversationWithBlocks | null,
  senderId: string,
  draft: MessageDraft,
  id: string,
  now: Date,
): MessageSent {
  assertParticipant(conversation, senderId);
  const receiverId = otherParticipant(conversation.participants, senderId);
  if (isBlockedBetween(conversation.blocks, senderId, receiverId)) throw blockedConversation();
  const offPlatformWarning = checkOffPlatformPayment(draft.content).flagged;
  const preview = previewOf(draft.content, draft.photoIds.length);
  return {
    conversation: {
      ...conversation,
      lastMessage: preview,
      lastMessageOffPlatform: offPlatformWarning,
      lastMessageAt: now,
      updatedAt: now,
    },
    message: {
      id,
      conversationId: conversation.id,
      senderId,
      receiverId,
      content: draft.content,
      isRead: false,
      offPlatformWarning,
      createdAt: now,
      hiddenAt: null,
    },
    photoIds: draft.photoIds,
    preview,
  };
}

/** Every photo named must have been attached (the sender's own unsent ones of this thread). */
export function assertPhotosAttached(sent: MessageSent, attached: readonly MessagePhoto[]): void {
  if (attached.length !== sent.photoIds.length) throw photoNotFound();
}

/** The reader's side of a conversation becomes read: their count 0, their messages read. */
export interface ReadMarker {
  conversationId: string;
  readerId: string;
}

export function markRead(conversation: Conversation | null, readerId: string): ReadMarker {
  assertParticipant(conversation, readerId);
  return { conversationId: conversation.id, readerId };
}

/**
 * The user blocks (or unblocks) the other participant: no new messages or photos either way;
 * the history stays readable for both.
 */
export function blockOther(conversation: Conversation | null, userId: string): Block {
  assertParticipant(conversation, userId);
  return {
    blockerId: userId,
    blockedId: otherParticipant(conversation.participants, userId),
  };
}

/** A participant may add a photo to a message only while neither blocks the other. */
export function assertMayWrite(
  conversation: ConversationWithBlocks | null,
  userId: string,
): asserts conversation is ConversationWithBlocks {
  assertParticipant(conversation, userId);
  const other = otherParticipant(conversation.participants, userId);
  if (isBlockedBetween(conversation.blocks, userId, other)) throw blockedConversation();
}

/** An id that cannot be a conversation's is "not found" before any lookup. */
export function assertConversationId(id: string): void {
  if (!isId(id)) throw conversationNotFound();
}
