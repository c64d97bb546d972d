import type { IncomingMessage } from 'node:http';
import { requestIdFor } from './request-id';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('requestIdFor', () => {
  it('keeps a well-formed incoming x-request-id', () => {
    expect(requestIdFor(req({ 'x-request-id': 'abc-123' }))).toBe('abc-123');
  });

  it('replaces a malformed or oversized one with a fresh uuid', () => {
    expect(requestIdFor(req({ 'x-request-id': 'bad id\n{"forged":1}' }))).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(requestIdFor(req({ 'x-request-id': 'a'.repeat(200) }))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('returns the same id for the same request', () => {
    const r = req({});
    expect(requestIdFor(r)).toBe(requestIdFor(r));
  });
});
