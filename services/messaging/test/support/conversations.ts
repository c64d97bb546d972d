import { type ConversationDto } from '@loadout/contracts';
import { buildUserId } from '../factories/user.factory';
import { type MessagingHarness } from './messaging-app';

/** A fresh pair of users and their one-to-one conversation. */
export async function startPair(h: MessagingHarness) {
  const a = buildUserId('a');
  const b = buildUserId('b');
  const res = await h.call<ConversationDto>('/api/v1/conversations', {
    method: 'POST',
    as: a,
    body: { recipientId: b },
  });
  if (res.status !== 201) throw new Error(`could not start a conversation: ${res.status}`);
  return { a, b, id: res.body.id };
}
