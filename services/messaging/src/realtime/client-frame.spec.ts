import { isRefused, MAX_TOKEN_CHARS, parseClientFrame } from './client-frame';

describe('parseClientFrame', () => {
  it.each([
    ['null', 'Messages must be JSON objects with a type.'],
    ['0', 'Messages must be JSON objects with a type.'],
    ['-1.5e308', 'Messages must be JSON objects with a type.'],
    ['"auth"', 'Messages must be JSON objects with a type.'],
    ['true', 'Messages must be JSON objects with a type.'],
    ['[]', 'Messages must be JSON objects with a type.'],
    ['[{"type":"ping"}]', 'Messages must be JSON objects with a type.'],
    ['{}', 'Unknown message type.'],
    ['{"type":null}', 'Unknown message type.'],
    ['{"type":["auth"]}', 'Unknown message type.'],
    ['{"type":"subscribe"}', 'Unknown message type.'],
    ['{"type":"auth"}', 'An auth message needs a token.'],
    ['{"type":"auth","token":null}', 'An auth message needs a token.'],
    ['{"type":"auth","token":42}', 'An auth message needs a token.'],
    ['{"type":"auth","token":""}', 'An auth message needs a token.'],
    ['', 'Messages must be JSON.'],
    ['{"type":', 'Messages must be JSON.'],
    ['\u0000', 'Messages must be JSON.'],
    ['{"type":"send"}', 'A send message needs a ref of 1 to 64 letters, digits, "-" or "_".'],
    [
      '{"type":"send","ref":""}',
      'A send message needs a ref of 1 to 64 letters, digits, "-" or "_".',
    ],
    [
      '{"type":"send","ref":"a b"}',
      'A send message needs a ref of 1 to 64 letters, digits, "-" or "_".',
    ],
    [
      '{"type":"send","ref":7}',
      'A send message needs a ref of 1 to 64 letters, digits, "-" or "_".',
    ],
  ])('refuses %j with a reason', (text, message) => {
    expect(parseClientFrame(text)).toEqual({ refused: true, message });
  });

  it('refuses a token longer than any access token of ours', () => {
    const frame = parseClientFrame(
      JSON.stringify({ type: 'auth', token: 'x'.repeat(MAX_TOKEN_CHARS + 1) }),
    );
    expect(isRefused(frame) && frame.message).toBe('The token is too long.');
  });

  it('refuses a send without a conversation, naming its ref', () => {
    for (const conversationId of [undefined, '', 42, 'c'.repeat(65)]) {
      expect(
        parseClientFrame(JSON.stringify({ type: 'send', ref: 'r-1', conversationId })),
      ).toEqual({
        refused: true,
        ref: 'r-1',
        message: 'A send message needs a conversationId.',
      });
    }
  });

  it('reads a send: its envelope checked, the rest kept as the body to validate', () => {
    expect(
      parseClientFrame(
        JSON.stringify({ type: 'send', ref: 'r_1', conversationId: 'c1', content: 'hi', extra: 1 }),
      ),
    ).toEqual({
      type: 'send',
      ref: 'r_1',
      conversationId: 'c1',
      body: { content: 'hi', extra: 1 },
    });
  });

  it('reads the auth and ping messages and drops any other property', () => {
    expect(parseClientFrame('{"type":"ping","extra":1}')).toEqual({ type: 'ping' });
    expect(parseClientFrame('{"type":"auth","token":"a.b.c","__proto__":{"x":1}}')).toEqual({
      type: 'auth',
      token: 'a.b.c',
    });
  });
});
