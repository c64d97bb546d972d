import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { validationError } from '@loadout/errors';

export interface FieldProblem {
  field: string;
  messages: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, messages: Object.values(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** Whitelisting pipe: unknown fields are refused, not silently dropped. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const first = details[0]?.messages[0] ?? 'The request is invalid.';
      return validationError(
        'COMMON.VALIDATION_FAILED',
        first.charAt(0).toUpperCase() + first.slice(1),
        details,
      );
    },
  });
}
