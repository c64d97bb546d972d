import {
  assertParticipant,
  isBlockedBetween,
  oneToOneParticipants,
  otherParticipant,
} from './participants';

describe('participants', () => {
  it('orders the two participants canonically, whoever starts', () => {
    expect(oneToOneParticipants('b', 'a')).toEqual(['a', 'b']);
    expect(oneToOneParticipants('a', 'b')).toEqual(['a', 'b']);
  });

  it('refuses a conversation with yourself', () => {
    expect(() => oneToOneParticipants('a', 'a')).toThrow(
      expect.objectContaining({ code: 'MESSAGING.SELF_CONVERSATION' }),
    );
  });

  it('answers a missing conversation with the seed text', () => {
    expect(() => assertParticipant(null, 'a')).toThrow(
      expect.objectContaining({
        code: 'MESSAGING.CONVERSATION_NOT_FOUND',
        message: 'Conversation not found',
        kind: 'not_found',
      }),
    );
  });

  it('refuses a stranger with the seed text', () => {
    expect(() => assertParticipant({ participants: ['a', 'b'] }, 'c')).toThrow(
      expect.objectContaining({
        code: 'MESSAGING.NOT_A_PARTICIPANT',
        message: 'Access denied: User is not a participant in this conversation',
        kind: 'forbidden',
      }),
    );
  });

  it('lets a participant in', () => {
    expect(() => assertParticipant({ participants: ['a', 'b'] }, 'b')).not.toThrow();
  });

  it('finds the receiver as the other participant', () => {
    expect(otherParticipant(['a', 'b'], 'a')).toBe('b');
    expect(otherParticipant(['a', 'b'], 'b')).toBe('a');
  });

  it('sees a block in either direction', () => {
    const blocks = [{ blockerId: 'a', blockedId: 'b' }];
    expect(isBlockedBetween(blocks, 'a', 'b')).toBe(true);
    expect(isBlockedBetween(blocks, 'b', 'a')).toBe(true);
    expect(isBlockedBetween(blocks, 'a', 'c')).toBe(false);
  });
});
