import { suspensionText } from './user-format';

describe('suspensionText', () => {
  it('gives the end date in Irish time, or says it is permanent', () => {
    expect(suspensionText({ until: '2026-12-04T10:00:00.000Z' })).toBe(
      'Suspended until 4 December 2026',
    );
    expect(suspensionText({ until: '2026-06-30T23:30:00.000Z' })).toBe(
      'Suspended until 1 July 2026',
    );
    expect(suspensionText({ until: null })).toBe('Suspended permanently');
  });
});
