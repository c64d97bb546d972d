import { checkCoordinates, checkLimits, normaliseEircode, roundJoules } from './field-rules';

describe('field rules', () => {
  it('normalises a valid Eircode to upper case with one space', () => {
    expect(normaliseEircode('d02x285')).toBe('D02 X285');
    expect(normaliseEircode('D6W 1234')).toBe('D6W 1234');
    expect(normaliseEircode('  ')).toBeNull();
    expect(normaliseEircode(null)).toBeNull();
  });

  it('refuses an Eircode that is not one', () => {
    expect(() => normaliseEircode('12345')).toThrow(
      expect.objectContaining({ code: 'FIELDS.INVALID', status: 400 }),
    );
    expect(() => normaliseEircode('B02 X285')).toThrow(/valid Eircode/);
  });

  it('accepts Irish coordinates and refuses swapped or half-given ones', () => {
    expect(() => checkCoordinates(53.35, -6.26)).not.toThrow();
    expect(() => checkCoordinates(null, null)).not.toThrow();
    expect(() => checkCoordinates(-6.26, 53.35)).toThrow(/Latitude/);
    expect(() => checkCoordinates(53.35, null)).toThrow(/both latitude and longitude/);
  });

  it('requires AEG ≤ DMR ≤ sniper limits within 0–3 J', () => {
    expect(() => checkLimits({ aegJoules: 1, dmrJoules: 1.5, sniperJoules: 2.3 })).not.toThrow();
    expect(() => checkLimits({ aegJoules: 1, dmrJoules: null, sniperJoules: null })).not.toThrow();
    expect(() => checkLimits({ aegJoules: 1.5, dmrJoules: 1, sniperJoules: null })).toThrow(
      /DMR limit/,
    );
    expect(() => checkLimits({ aegJoules: null, dmrJoules: 2, sniperJoules: 1.5 })).toThrow(
      /sniper limit/,
    );
    expect(() => checkLimits({ aegJoules: 0, dmrJoules: null, sniperJoules: null })).toThrow(
      /between/,
    );
  });

  it('rounds joules to 2 decimals', () => {
    expect(roundJoules(1.1449)).toBe(1.14);
    expect(roundJoules(null)).toBeNull();
  });
});
