import { ValidateBy, ValidateIf, buildMessage, type ValidationOptions } from 'class-validator';

// House decorators for DTOs, where class-validator's own ones let a 500 through (ADR 0016).

/**
 * The property may be left out. A `null` is not "left out": the property's rules check it like
 * any other value, so `{ "bio": null }` gets a 400 from `@IsString()`. Use it instead of
 * class-validator's `@IsOptional()`, which skips every rule for null as well, so that a null
 * reached handlers and columns typed as never null (a 500).
 */
export function Omittable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

/**
 * The property may be left out or set to `null` (it clears the value); anything else goes
 * through its rules. Only for properties typed `| null` and documented `nullable: true`.
 */
export function Nullable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null);
}

/**
 * Whether `value` is a finite number written with at most `max` decimals (1.15 with 2: yes;
 * 1.005 or 1e-7 with 2: no). The number's shortest decimal form is what a person typed, and
 * `toFixed(max)` gives it back unchanged exactly when it has no more decimals than that.
 */
export function hasAtMostDecimals(value: unknown, max: number): value is number {
  return (
    typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(max)) === value
  );
}

/**
 * A number with at most `max` decimals. Use it instead of class-validator's
 * `IsNumber({ maxDecimalPlaces })`, which throws (a 500) on numbers JavaScript writes with an
 * exponent, such as 1e-7: it splits the text on '.' and reads the part after it.
 */
export function MaxDecimalPlaces(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxDecimalPlaces',
      constraints: [max],
      validator: {
        validate: (value: unknown) => hasAtMostDecimals(value, max),
        defaultMessage: buildMessage(
          (each) => `${each}$property must be a number with at most $constraint1 decimals`,
          options,
        ),
      },
    },
    options,
  );
}
