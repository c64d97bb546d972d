import { checkPassword, loadCommonPasswords, parsePasswordList } from './password-rule';

describe('password rule', () => {
  const common = parsePasswordList('password123\nQwertyuiop\n\n  liverpool1  \n');

  it('needs at least 10 characters, counted as characters not bytes', () => {
    expect(checkPassword('short-pw1', common)).toEqual({
      ok: false,
      message: 'Password must be at least 10 characters.',
    });
    expect(checkPassword('ten chars!', common)).toEqual({ ok: true });
    expect(checkPassword('🙂🙂🙂🙂🙂🙂🙂🙂🙂', common)).toMatchObject({ ok: false });
  });

  it('refuses common passwords whatever their case', () => {
    for (const pw of ['password123', 'PASSWORD123', 'qwertyuiop', 'LiverPool1x'.slice(0, 10)]) {
      expect(checkPassword(pw, common)).toEqual({
        ok: false,
        message: 'This password is too common and easy to guess. Choose a different one.',
      });
    }
  });

  it('refuses absurdly long passwords', () => {
    expect(checkPassword('x'.repeat(257), common)).toMatchObject({ ok: false });
  });

  it('ships a list of a few thousand well-known passwords, loaded in lower case', () => {
    const list = loadCommonPasswords();
    expect(list.size).toBeGreaterThan(2000);
    for (const pw of ['123456', 'password', 'qwerty123', 'iloveyou', '1234567890', 'password1']) {
      expect(list.has(pw)).toBe(true);
    }
    expect(checkPassword('Password1234', list)).toMatchObject({ ok: false });
    expect(checkPassword('1234567890', list)).toMatchObject({ ok: false });
    expect(checkPassword('correct horse battery staple', list)).toEqual({ ok: true });
  });
});
