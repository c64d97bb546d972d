import { isId, newId } from './ids';

describe('newId', () => {
  it('makes 21-character URL-safe ids', () => {
    const id = newId();
    expect(id).toHaveLength(21);
    expect(isId(id)).toBe(true);
  });
  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, newId));
    expect(ids.size).toBe(5000);
  });
  it('rejects strings that are not ids', () => {
    expect(isId('abc')).toBe(false);
    expect(isId("x'; drop table--aaaaaa")).toBe(false);
  });
});
