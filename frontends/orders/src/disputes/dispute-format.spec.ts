import { euroToCents, wantedText } from './dispute-format';

describe('dispute texts', () => {
  it('reads euros and cents without float rounding', () => {
    expect(euroToCents('12.5')).toBe(1250);
    expect(euroToCents('€ 0,07')).toBe(7);
    expect(euroToCents('40')).toBe(4000);
    expect(euroToCents('1.005')).toBeNull();
    expect(euroToCents('-3')).toBeNull();
    expect(euroToCents('abc')).toBeNull();
  });

  it('says what the buyer wants', () => {
    expect(wantedText({ kind: 'partial_refund', amountCents: 2500 })).toBe(
      'A partial refund of €25.00',
    );
  });
});
