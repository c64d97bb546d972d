import { checkUsername, usernameCandidate, usernameFromExternal } from './username-rule';

describe('username rule', () => {
  it('accepts 3 to 30 of a-z, 0-9, underscore and full stop, normalised to lower case', () => {
    expect(checkUsername('Sniper_Sean.99')).toEqual({ ok: true, username: 'sniper_sean.99' });
    expect(checkUsername('abc')).toEqual({ ok: true, username: 'abc' });
    expect(checkUsername('a'.repeat(30))).toMatchObject({ ok: true });
    expect(checkUsername('  padded  ')).toEqual({ ok: true, username: 'padded' });
  });

  it('refuses names that are too short or too long', () => {
    expect(checkUsername('ab')).toEqual({
      ok: false,
      message: 'Username must be 3 to 30 characters.',
    });
    expect(checkUsername('a'.repeat(31))).toMatchObject({ ok: false });
  });

  it('refuses spaces, hyphens, @ and non-ASCII letters', () => {
    for (const bad of ['two words', 'dash-name', 'me@home', 'seán_k', 'emoji🙂x']) {
      expect(checkUsername(bad)).toEqual({
        ok: false,
        message: 'Username may only contain letters, numbers, underscores and full stops.',
      });
    }
  });

  it('derives a valid username from an external one', () => {
    expect(usernameFromExternal('Sean.K@example.com', 'x')).toBe('sean.k_example.com');
    expect(usernameFromExternal('jo', 'x')).toBe('jo_');
    expect(usernameFromExternal('', 'AbC123')).toBe('user_abc123');
    expect(usernameFromExternal('----', 'id1')).toBe('user_id1');
    expect(checkUsername(usernameFromExternal('x'.repeat(50), 'id')).ok).toBe(true);
  });

  it('suffixes candidates after a collision without exceeding 30 characters', () => {
    expect(usernameCandidate('sean', 1)).toBe('sean');
    expect(usernameCandidate('sean', 2)).toBe('sean_2');
    expect(usernameCandidate('a'.repeat(30), 12)).toBe(`${'a'.repeat(27)}_12`);
  });
});
