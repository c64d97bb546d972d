import 'reflect-metadata';
import { IsString, validateSync } from 'class-validator';
import { hasAtMostDecimals, MaxDecimalPlaces, Nullable, Omittable } from './validators';

const problems = (input: object) =>
  validateSync(input).map((e) => ({ [e.property]: e.constraints }));

describe('@Omittable and @Nullable', () => {
  class Profile {
    @Omittable() @IsString() bio?: string;
    @Nullable() @IsString() eircode?: string | null;
  }
  const profile = (values: Partial<Record<'bio' | 'eircode', unknown>>) =>
    Object.assign(new Profile(), values);

  it('both let a property be left out, and both check a value that is there', () => {
    expect(problems(profile({}))).toEqual([]);
    expect(problems(profile({ bio: 'Plays at weekends.', eircode: 'D02 X285' }))).toEqual([]);
    expect(problems(profile({ bio: 5, eircode: 5 }))).toEqual([
      { bio: { isString: 'bio must be a string' } },
      { eircode: { isString: 'eircode must be a string' } },
    ]);
  });

  it('Omittable refuses null (IsOptional let it through), Nullable accepts it', () => {
    expect(problems(profile({ bio: null }))).toEqual([
      { bio: { isString: 'bio must be a string' } },
    ]);
    expect(problems(profile({ eircode: null }))).toEqual([]);
  });
});

describe('hasAtMostDecimals', () => {
  it('accepts numbers written with up to the given decimals', () => {
    for (const value of [0, 1, -2, 1.1, 1.15, 2.3, 0.01, 1e21, -0.05])
      expect(hasAtMostDecimals(value, 2)).toBe(true);
  });

  it('refuses more decimals, exponent forms below one cent, non-finite numbers and non-numbers', () => {
    for (const value of [1.005, 0.001, 1e-7, 5e-324, Number.NaN, Infinity, -Infinity, '1.1', null])
      expect(hasAtMostDecimals(value, 2)).toBe(false);
  });
});

describe('@MaxDecimalPlaces', () => {
  class Limits {
    @MaxDecimalPlaces(2, { message: 'At most 2 decimals.' })
    joules!: unknown;
  }
  const limits = (joules: unknown) => Object.assign(new Limits(), { joules });

  it('refuses 1e-7 with its message, where IsNumber({ maxDecimalPlaces }) throws', () => {
    expect(problems(limits(1e-7))).toEqual([
      { joules: { maxDecimalPlaces: 'At most 2 decimals.' } },
    ]);
    expect(problems(limits({}))).toEqual([{ joules: { maxDecimalPlaces: 'At most 2 decimals.' } }]);
  });

  it('accepts a number with 2 decimals', () => {
    expect(problems(limits(1.14))).toEqual([]);
  });
});
