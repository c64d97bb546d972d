import { etagMatches, etagOf } from './browse-cache';

describe('etags', () => {
  it('are stable for the same body and differ for another', () => {
    expect(etagOf(Buffer.from('{"a":1}'))).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf(Buffer.from('{"a":1}'))).not.toBe(etagOf(Buffer.from('{"a":2}')));
    expect(etagOf(Buffer.from('x'))).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });

  it('match If-None-Match lists, weak or strong, and *', () => {
    const tag = etagOf(Buffer.from('x'));
    expect(etagMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(etagMatches(tag.replace('W/', ''), tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"nope"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});
