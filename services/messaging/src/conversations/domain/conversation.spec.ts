import {
  assertConversationId,
  assertMayWrite,
  assertPhotosAttached,
  blockOther,
  draftMessage,
  markRead,
  recipientOf,
  sendMessage,
  startConversation,
  type ConversationListing,
  type ConversationWithBlocks,
} from './conversation';

const t0 = new Date('2026-11-27T10:00:00Z');
const t1 = new Date('2026-11-27T10:05:00Z');
const id = (c: string) => c.repeat(21);
const listing: ConversationListing = {
  id: id('L'),
  sellerId: 'seller',
  title: 'Tokyo Marui M4',
  priceCents: 25_000,
  thumbUrl: null,
};

const conversation = (over: Partial<ConversationWithBlocks> = {}): ConversationWithBlocks => ({
  ...startConversation(id('c'), 'buyer', null, listing, t0),
  blocks: [],
  ...over,
});

const code = (c: string) => expect.objectContaining({ code: c });

describe('Conversation', () => {
  describe('start', () => {
    it('is between the starter and the listing’s seller, in canonical order, with the listing', () => {
      const c = startConversation(id('c'), 'seller', 'buyer', listing, t0);
      expect(c).toMatchObject({
        participants: ['buyer', 'seller'],
        startedBy: 'seller',
        listingId: listing.id,
        listingTitle: 'Tokyo Marui M4',
        listingPriceCents: 25_000,
        lastMessage: null,
        lastMessageAt: null,
        createdAt: t0,
      });
    });

    it('may be about no listing', () => {
      expect(startConversation(id('c'), 'a', 'b', null, t0)).toMatchObject({
        participants: ['a', 'b'],
        listingId: null,
      });
    });

    it('needs someone to talk to', () => {
      expect(() => recipientOf('a', undefined, null)).toThrow(code('MESSAGING.RECIPIENT_REQUIRED'));
    });

    it('about a listing, includes its seller', () => {
      expect(() => recipientOf('buyer', 'someone-else', listing)).toThrow(
        code('MESSAGING.NOT_THE_SELLER'),
      );
      expect(recipientOf('seller', 'buyer', listing)).toBe('buyer');
    });

    it('refuses a conversation with yourself', () => {
      expect(() => startConversation(id('c'), 'seller', undefined, listing, t0)).toThrow(
        code('MESSAGING.SELF_CONVERSATION'),
      );
    });
  });

  describe('send', () => {
    it('delivers the message unread to the other participant and updates the last message', () => {
      const sent = sendMessage(
        conversation(),
        'buyer',
        draftMessage({ content: '  Still available?  ' }),
        id('m'),
        t1,
      );
      expect(sent.message).toEqual({
        id: id('m'),
        conversationId: id('c'),
        senderId: 'buyer',
        receiverId: 'seller',
        content: 'Still available?',
        isRead: false,
        offPlatformWarning: false,
        createdAt: t1,
        hiddenAt: null,
      });
      expect(sent.conversation).toMatchObject({
        lastMessage: 'Still available?',
        lastMessageOffPlatform: false,
        lastMessageAt: t1,
      });
      expect(sent.preview).toBe('Still available?');
    });

    it('flags (and still delivers) a push for payment outside checkout', () => {
      const sent = sendMessage(
        conversation(),
        'seller',
        draftMessage({ content: 'Revolut me and I post it' }),
        id('m'),
        t1,
      );
      expect(sent.message.offPlatformWarning).toBe(true);
      expect(sent.conversation.lastMessageOffPlatform).toBe(true);
    });

    it('refuses a stranger, and a missing conversation', () => {
      const draft = draftMessage({ content: 'hi' });
      expect(() => sendMessage(conversation(), 'stranger', draft, id('m'), t1)).toThrow(
        code('MESSAGING.NOT_A_PARTICIPANT'),
      );
      expect(() => sendMessage(null, 'buyer', draft, id('m'), t1)).toThrow(
        code('MESSAGING.CONVERSATION_NOT_FOUND'),
      );
    });

    it('refuses across a block in either direction', () => {
      const blocked = conversation({ blocks: [{ blockerId: 'seller', blockedId: 'buyer' }] });
      const draft = draftMessage({ content: 'hi' });
      expect(() => sendMessage(blocked, 'buyer', draft, id('m'), t1)).toThrow(
        code('MESSAGING.BLOCKED'),
      );
      expect(() => sendMessage(blocked, 'seller', draft, id('m'), t1)).toThrow(
        code('MESSAGING.BLOCKED'),
      );
    });

    it('checks the text and photos before any conversation is looked at', () => {
      expect(() => draftMessage({ content: '   ' })).toThrow(code('MESSAGING.EMPTY_MESSAGE'));
      expect(() => draftMessage({ content: 'a'.repeat(2001) })).toThrow(
        code('MESSAGING.MESSAGE_TOO_LONG'),
      );
      expect(() =>
        draftMessage({ content: 'x', imageIds: ['a', 'b', 'c', 'd', 'e'].map(id) }),
      ).toThrow(code('MESSAGING.TOO_MANY_PHOTOS'));
    });

    it('sends photos without text, previewed as photos, and wants every photo attached', () => {
      const sent = sendMessage(
        conversation(),
        'buyer',
        draftMessage({ content: '', imageIds: [id('p'), id('q')] }),
        id('m'),
        t1,
      );
      expect(sent.preview).toBe('2 photos');
      expect(sent.photoIds).toEqual([id('p'), id('q')]);
      const photo = (p: string) => ({ id: id(p), conversationId: id('c'), width: 1, height: 1 });
      expect(() => assertPhotosAttached(sent, [photo('p'), photo('q')])).not.toThrow();
      expect(() => assertPhotosAttached(sent, [photo('p')])).toThrow(
        code('MESSAGING.PHOTO_NOT_FOUND'),
      );
    });
  });

  describe('read markers, blocks and photos', () => {
    it('marks the reader’s side read, participants only', () => {
      expect(markRead(conversation(), 'seller')).toEqual({
        conversationId: id('c'),
        readerId: 'seller',
      });
      expect(() => markRead(conversation(), 'stranger')).toThrow(
        code('MESSAGING.NOT_A_PARTICIPANT'),
      );
      expect(() => markRead(null, 'seller')).toThrow(code('MESSAGING.CONVERSATION_NOT_FOUND'));
    });

    it('blocks the other participant', () => {
      expect(blockOther(conversation(), 'buyer')).toEqual({
        blockerId: 'buyer',
        blockedId: 'seller',
      });
      expect(() => blockOther(conversation(), 'stranger')).toThrow(
        code('MESSAGING.NOT_A_PARTICIPANT'),
      );
    });

    it('lets a participant add a photo only while neither blocks the other', () => {
      expect(() => assertMayWrite(conversation(), 'buyer')).not.toThrow();
      const blocked = conversation({ blocks: [{ blockerId: 'buyer', blockedId: 'seller' }] });
      expect(() => assertMayWrite(blocked, 'seller')).toThrow(code('MESSAGING.BLOCKED'));
    });

    it('answers an id that cannot be a conversation’s as not found', () => {
      expect(() => assertConversationId('not-an-id')).toThrow(
        code('MESSAGING.CONVERSATION_NOT_FOUND'),
      );
      expect(() => assertConversationId(id('c'))).not.toThrow();
    });
  });
});
