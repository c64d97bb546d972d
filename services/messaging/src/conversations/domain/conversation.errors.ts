import { AppError, forbiddenError, notFoundError, validationError } from '@loadout/errors';

// The seed's texts (§8) are exact.
export const conversationNotFound = () =>
  notFoundError('MESSAGING.CONVERSATION_NOT_FOUND', 'Conversation not found');
export const notAParticipant = () =>
  forbiddenError(
    'MESSAGING.NOT_A_PARTICIPANT',
    'Access denied: User is not a participant in this conversation',
  );
export const cannotMessageSelf = () =>
  validationError('MESSAGING.SELF_CONVERSATION', 'You cannot start a conversation with yourself.', [
    { field: 'recipientId', messages: ['You cannot start a conversation with yourself.'] },
  ]);
export const blockedConversation = () =>
  new AppError(
    'MESSAGING.BLOCKED',
    'Messages cannot be sent: one of you has blocked the other.',
    'forbidden',
  );
export const cannotBlockSelf = () =>
  validationError('MESSAGING.SELF_BLOCK', 'You cannot block yourself.');
/** A send whose conversation kept changing under it (a block came and went): rare, retryable. */
export const conversationChanged = () =>
  new AppError(
    'MESSAGING.CONVERSATION_CHANGED',
    'The conversation changed while your message was being sent. Please try again.',
    'conflict',
  );
