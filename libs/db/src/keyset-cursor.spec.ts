import {
  cursorId,
  cursorInt4,
  cursorNumber,
  cursorTimestamp,
  decodeCursor,
  encodeCursor,
} from './keyset-cursor';
import { newId } from './ids';

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

  describe('finding 4: impossible values never reach SQL', () => {
    const invalid = expect.objectContaining({ code: 'COMMON.INVALID_CURSOR', status: 400 });

    it('refuses control characters, huge strings and non-finite numbers', () => {
      for (const values of [
        ['a\u0000b', 1],
        ['x'.repeat(600), 1],
      ]) {
        expect(() => decodeCursor(encodeCursor(values), 2)).toThrow(invalid);
      }
      expect(() => decodeCursor(Buffer.from('[1e999,1]').toString('base64url'), 2)).toThrow(
        invalid,
      );
    });

    it('accepts real timestamps only', () => {
      expect(cursorTimestamp('2026-11-21 10:00:00.123456+00')).toBe(
        '2026-11-21 10:00:00.123456+00',
      );
      expect(cursorTimestamp('2024-02-29T23:59:59.999Z')).toBe('2024-02-29T23:59:59.999Z');
      for (const bad of [
        '2026-13-01 10:00:00+00',
        '0000-01-01 10:00:00+00',
        '2025-02-29 10:00:00+00',
        '2026-01-01 24:00:00+00',
        '2026-01-01 10:61:00+00',
        '2026-01-01 10:00:00+25',
        12,
        null,
      ]) {
        expect(() => cursorTimestamp(bad)).toThrow(invalid);
      }
    });

    it('accepts int4 integers, finite numbers and ids only', () => {
      expect(cursorInt4(2_147_483_647)).toBe(2_147_483_647);
      expect(() => cursorInt4(2_147_483_648)).toThrow(invalid);
      expect(() => cursorInt4(1.5)).toThrow(invalid);
      expect(cursorNumber(0.25)).toBe(0.25);
      expect(() => cursorNumber('1')).toThrow(invalid);
      const id = newId();
      expect(cursorId(id)).toBe(id);
      expect(() => cursorId('short')).toThrow(invalid);
    });
  });
});
