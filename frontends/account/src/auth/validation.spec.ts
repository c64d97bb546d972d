import {
  ageOn,
  checkDateOfBirth,
  checkEmail,
  checkNewPassword,
  checkPasswordsMatch,
  checkUsername,
  latestAllowedBirthDate,
  parseIsoDate,
} from './validation';

const today = new Date(2026, 10, 21); // 21 Nov 2026, local time

describe('sign-up rules', () => {
  it.each([
    ['abc', undefined],
    ['Niamh_O.B', undefined],
    ['a'.repeat(30), undefined],
    ['', 'Choose a username.'],
    ['ab', 'Usernames are 3 to 30 characters long.'],
    ['a'.repeat(31), 'Usernames are 3 to 30 characters long.'],
    ['niamh ob', 'Usernames cannot contain spaces.'],
    ['niamh-ob', 'Use only letters, numbers, _ or . in your username.'],
    ['níamh', 'Use only letters, numbers, _ or . in your username.'],
  ])('username %p', (value, expected) => {
    expect(checkUsername(value)).toBe(expected);
  });

  it('needs a password of at least 10 characters', () => {
    expect(checkNewPassword('')).toBe('Choose a password.');
    expect(checkNewPassword('123456789')).toBe('Use at least 10 characters (9 so far).');
    expect(checkNewPassword('1234567890')).toBeUndefined();
  });

  it('checks the confirmation', () => {
    expect(checkPasswordsMatch('abcdefghij', '')).toBe('Enter the new password again.');
    expect(checkPasswordsMatch('abcdefghij', 'abcdefghik')).toBe('The passwords do not match.');
    expect(checkPasswordsMatch('abcdefghij', 'abcdefghij')).toBeUndefined();
  });

  it('checks emails loosely', () => {
    expect(checkEmail(' ')).toBe('Enter your email address.');
    expect(checkEmail('niamh@')).toBe('Enter a valid email address, like name@example.com.');
    expect(checkEmail(' niamh@example.ie ')).toBeUndefined();
  });
});

describe('age', () => {
  it('parses real calendar dates only', () => {
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate('2001-02-29')).toBeNull();
    expect(parseIsoDate('31/01/2000')).toBeNull();
  });

  it('counts birthdays from their day', () => {
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
  });

  it.each([
    ['', 'Enter your date of birth.'],
    ['2008-11-22', 'You must be 18 or older to use Loadout.'],
    ['2030-01-01', 'Your date of birth cannot be in the future.'],
    ['1899-12-31', 'Enter your real date of birth.'],
    ['2001-02-29', 'Enter a real date, for example 31/01/1995.'],
    ['2008-11-21', undefined],
  ])('date of birth %p', (value, expected) => {
    expect(checkDateOfBirth(value, today)).toBe(expected);
  });

  it('gives the latest allowed date of birth for the date picker', () => {
    expect(latestAllowedBirthDate(today)).toBe('2008-11-21');
    expect(latestAllowedBirthDate(new Date(2028, 1, 29))).toBe('2010-02-28');
  });
});
