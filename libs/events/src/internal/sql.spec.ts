import { describeError, quoteSchema, rowsOf } from './sql';

describe('quoteSchema', () => {
  it('quotes a plain identifier and refuses anything that could break out of it', () => {
    expect(quoteSchema('fields')).toBe('"fields"');
    expect(quoteSchema('event_bus')).toBe('"event_bus"');
    for (const bad of ['Fields', 'a"; drop table x; --', '', '1abc', 'a.b']) {
      expect(() => quoteSchema(bad)).toThrow(
        expect.objectContaining({ code: 'EVENTS.INVALID_SCHEMA' }),
      );
    }
  });
});

describe('rowsOf', () => {
  it('reads rows from TypeORM arrays and pg results alike', () => {
    expect(rowsOf([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(rowsOf({ rows: [{ a: 2 }], rowCount: 1 })).toEqual([{ a: 2 }]);
    expect(rowsOf(undefined)).toEqual([]);
  });
});

describe('describeError', () => {
  it('prefers the message, falls back to JSON, and bounds the length', () => {
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError({ status: 'error', message: 'Internal server error' })).toBe(
      'Internal server error',
    );
    expect(describeError({ code: 7 })).toBe('{"code":7}');
    expect(describeError('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
