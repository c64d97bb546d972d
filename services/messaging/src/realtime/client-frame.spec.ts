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
  ])('refuses %j with a reason', (text, message) => {
    expect(parseClientFrame(text)).toEqual({ refused: true, message });
  });

  it('refuses a token longer than any access token of ours', () => {
    const frame = parseClientFrame(
      JSON.stringify({ type: 'auth', token: 'x'.repeat(MAX_TOKEN_CHARS + 1) }),
    );
    expect(isRefused(frame) && frame.message).toBe('The token is too long.');
  });

  it('reads the two client messages and drops any other property', () => {
    expect(parseClientFrame('{"type":"ping","extra":1}')).toEqual({ type: 'ping' });
    expect(parseClientFrame('{"type":"auth","token":"a.b.c","__proto__":{"x":1}}')).toEqual({
      type: 'auth',
      token: 'a.b.c',
    });
  });
});
