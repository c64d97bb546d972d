import { MAX_MESSAGE_LENGTH, normaliseContent, previewOf } from './message-content';

describe('messages with photos', () => {
  it('may have no text; the preview names the photos', () => {
    expect(normaliseContent('  \n ', { withPhotos: true })).toBe('');
    expect(previewOf('', 1)).toBe('Photo');
    expect(previewOf('', 3)).toBe('3 photos');
    expect(previewOf('Look at this', 2)).toBe('Look at this');
  });

  it('still refuses an empty message without photos', () => {
    expect(() => normaliseContent('  ', { withPhotos: false })).toThrow(
      'Please write a message before sending.',
    );
  });
});

describe('message content', () => {
  it('keeps a clear message, trimmed at both ends', () => {
    expect(normaliseContent('  Is this still available?\n')).toBe('Is this still available?');
  });

  it('keeps inner line breaks', () => {
    expect(normaliseContent('Hi\n\nStill for sale?')).toBe('Hi\n\nStill for sale?');
  });

  it.each([[''], ['   '], ['\n\t \n'], [undefined], [42]])(
    'refuses an empty or whitespace-only message (%p)',
    (raw) => {
      expect(() => normaliseContent(raw)).toThrow(
        expect.objectContaining({ code: 'MESSAGING.EMPTY_MESSAGE', kind: 'validation' }),
      );
    },
  );

  it('accepts exactly 2,000 characters', () => {
    expect(normaliseContent('a'.repeat(MAX_MESSAGE_LENGTH))).toHaveLength(2000);
  });

  it('refuses a message over 2,000 characters with a clear message', () => {
    expect(() => normaliseContent('a'.repeat(2001))).toThrow(
      expect.objectContaining({
        code: 'MESSAGING.MESSAGE_TOO_LONG',
        message: 'Messages can be at most 2000 characters.',
      }),
    );
  });

  it('counts an emoji as one character', () => {
    expect(normaliseContent('🙂'.repeat(2000))).toBe('🙂'.repeat(2000));
  });

  it('previews a long message on one short line', () => {
    const preview = previewOf('Hello\nthere ' + 'x'.repeat(200));
    expect(preview.startsWith('Hello there')).toBe(true);
    expect([...preview]).toHaveLength(80);
    expect(preview.endsWith('…')).toBe(true);
    expect(previewOf('short')).toBe('short');
  });
});
