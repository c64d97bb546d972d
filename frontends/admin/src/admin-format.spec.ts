import { actionsFor, formatAge, subjectPath } from './admin-format';

describe('admin formatting', () => {
  it('says how long a case has waited', () => {
    expect(formatAge(59)).toBe('0 min');
    expect(formatAge(12 * 60)).toBe('12 min');
    expect(formatAge(5 * 3600 + 10 * 60)).toBe('5 h 10 min');
    expect(formatAge(3 * 86_400 + 4 * 3600)).toBe('3 d 4 h');
  });

  it('offers only the actions that fit the subject', () => {
    expect(actionsFor('listing')).toEqual([
      'dismiss',
      'remove_listing',
      'warn_user',
      'suspend_user',
    ]);
    expect(actionsFor('message')).toEqual(['dismiss', 'hide_message', 'warn_user', 'suspend_user']);
    expect(actionsFor('profile')).toEqual(['dismiss', 'warn_user', 'suspend_user']);
  });

  it('links listings and profiles, not messages', () => {
    expect(subjectPath('listing', 'a b')).toBe('/listing/a%20b');
    expect(subjectPath('profile', 'niamh')).toBe('/profile/niamh');
    expect(subjectPath('message', 'm1')).toBeNull();
  });
});
