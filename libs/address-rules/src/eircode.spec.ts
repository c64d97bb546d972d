import { eircodeRoutingKey, isEircode, normaliseEircode } from './eircode';

describe('normaliseEircode', () => {
  it.each([
    ['D02 X285', 'D02 X285'],
    ['d02x285', 'D02 X285'],
    ['  a65   f4e2 ', 'A65 F4E2'],
    ['T12-AC34', 'T12 AC34'],
    ['D6WAY12', 'D6W AY12'],
    ['d6w 1234', 'D6W 1234'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseEircode(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['D02 X28', 'a 3-character identifier'],
    ['D02 X2855', 'a 5-character identifier'],
    ['B02 X285', 'a routing key starting with a letter Eircodes never use (B)'],
    ['D2W X285', 'a routing key other than D6W with a letter in it'],
    ['DA2 X285', 'a letter where the routing key needs a digit'],
    ['D02 XO85', 'the letter O in the identifier'],
    ['D02 X2I5', 'the letter I in the identifier'],
    ['BT1 1AA', 'a UK postcode'],
    ['D02 X285 1', 'trailing characters'],
  ])('refuses %s (%s)', (input) => {
    expect(normaliseEircode(input)).toBeNull();
    expect(isEircode(input)).toBe(false);
  });

  it('keeps the routing key for statistics', () => {
    expect(eircodeRoutingKey('A65 F4E2')).toBe('A65');
  });
});
