import { cannotMessageSelf, conversationNotFound, notAParticipant } from './conversation.errors';

/** The two participants of a one-to-one conversation, in a canonical order (stable key). */
export function oneToOneParticipants(a: string, b: string): [string, string] {
  if (a === b) throw cannotMessageSelf();
  return a < b ? [a, b] : [b, a];
}

/**
 * Access rule (seed §5, §6): only participants read or write. A missing conversation is a
 * 404 with the seed's text, a stranger's a 403.
 */
export function assertParticipant<C extends { participants: readonly string[] }>(
  conversation: C | null | undefined,
  userId: string,
): asserts conversation is C {
  if (!conversation) throw conversationNotFound();
  if (!conversation.participants.includes(userId)) throw notAParticipant();
}

/** The other participant of a one-to-one conversation: the receiver of the viewer's message. */
export function otherParticipant(participants: readonly string[], userId: string): string {
  const other = participants.find((p) => p !== userId);
  if (!other) throw notAParticipant();
  return other;
}

/** A blocks B or B blocks A: either way no new messages flow; history stays readable. */
export function isBlockedBetween(
  blocks: ReadonlyArray<{ blockerId: string; blockedId: string }>,
  a: string,
  b: string,
): boolean {
  return blocks.some(
    (x) => (x.blockerId === a && x.blockedId === b) || (x.blockerId === b && x.blockedId === a),
  );
}
