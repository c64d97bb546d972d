import { initials, sellerTypeLabel } from './profile-format';

describe('profile formatting', () => {
  it('labels seller types', () => {
    expect(sellerTypeLabel('private')).toBe('Private seller');
    expect(sellerTypeLabel('trader')).toBe('Trader');
    expect(sellerTypeLabel(undefined)).toBe('Private seller');
  });

  it('makes initials', () => {
    expect(initials("Niamh O'Brien")).toBe('NO');
    expect(initials('  ')).toBe('?');
  });
});
