import { conversationPath, newMessageNotice } from './new-message-notice';

describe('newMessageNotice', () => {
  it('names the sender and quotes the preview on a single line', () => {
    expect(newMessageNotice({ senderName: 'Cian', preview: 'Still\n  there?', count: 1 })).toEqual({
      title: 'New message from Cian',
      message: '“Still there?”',
    });
  });

  it('counts batched messages', () => {
    expect(newMessageNotice({ senderName: 'Cian', preview: 'x', count: 4 }).title).toBe(
      '4 new messages from Cian',
    );
  });

  it('falls back when the sender or preview is unknown', () => {
    expect(newMessageNotice({ senderName: ' ', preview: '', count: 1 })).toEqual({
      title: 'New message from Someone',
      message: 'Open the conversation to read it.',
    });
  });

  it('links to the conversation', () => {
    expect(conversationPath('abc_DEF-123')).toBe('/messages/abc_DEF-123');
  });
});
