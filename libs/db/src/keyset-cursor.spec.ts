import { decodeCursor, encodeCursor } from './keyset-cursor';

describe('keyset cursor', () => {
  it('round-trips the sort key values', () => {
    const cursor = encodeCursor(['2026-11-21T10:00:00.000Z', 'abc']);
    expect(decodeCursor(cursor, 2)).toEqual(['2026-11-21T10:00:00.000Z', 'abc']);
  });

  it('is URL-safe', () => {
    expect(encodeCursor(['??>>~~', 12345])).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses a tampered cursor with a validation error', () => {
    expect(() => decodeCursor('not-json!!', 2)).toThrow(
      expect.objectContaining({ code: 'COMMON.INVALID_CURSOR', status: 400 }),
    );
    expect(() => decodeCursor(encodeCursor(['a']), 2)).toThrow(
      expect.objectContaining({ code: 'COMMON.INVALID_CURSOR' }),
    );
    expect(() => decodeCursor(Buffer.from('[{"x":1},2]').toString('base64url'), 2)).toThrow(
      expect.objectContaining({ code: 'COMMON.INVALID_CURSOR' }),
    );
  });
});
