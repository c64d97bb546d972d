import 'reflect-metadata';
import { AppError } from '@loadout/errors';
import { validateBody } from '@loadout/http';
import { isPlainSendMessage, SendMessageDto } from './send-message.dto';

/** What validating gives: the values, or the error's code, text and details. */
const outcome = (promise: Promise<SendMessageDto>) =>
  promise.then(
    (body) => ({ values: { ...body } }),
    (err: AppError) => ({ error: { code: err.code, message: err.message, details: err.details } }),
  );

const bodies: unknown[] = [
  { content: 'Is the Tokyo Marui still for sale?' },
  { content: 'Two lines,\nthe second one here.\tTabbed.' },
  { content: '' },
  { content: '   ' },
  { content: 'x'.repeat(2001) },
  { content: 'with photos', imageIds: ['a', 'b'] },
  { content: 'photos of the wrong kind', imageIds: [1, {}, null] },
  { content: 'no photos', imageIds: [] },
  { content: 'hi\u0000' },
  { content: 'hi\u202E' },
  { content: '\u200B' },
  { content: 'hi', imageIds: ['ok\u0000'] },
  { content: 42 },
  { content: null },
  { content: 'hi', imageIds: 'img' },
  { content: 'hi', imageIds: null },
  { content: 'hi', extra: true },
  JSON.parse('{"content":"hi","__proto__":{"x":1}}'),
  { imageIds: ['a'] },
  {},
  null,
  'hi',
  ['hi'],
];

describe('isPlainSendMessage: the send bodies taken as they are', () => {
  it('says yes only to content text with, at most, a list of photo ids', () => {
    expect(bodies.filter(isPlainSendMessage)).toEqual(bodies.slice(0, 12));
  });

  it.each(bodies.map((body, i) => [i, body]))(
    'body %i validates to the same values or the same error with it as without it',
    async (_i, body) => {
      const fast = await outcome(validateBody(SendMessageDto, body, isPlainSendMessage));
      const piped = await outcome(validateBody(SendMessageDto, body));
      expect(fast).toEqual(piped);
    },
  );
});
