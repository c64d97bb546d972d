import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { validationError } from '@loadout/errors';
import { findTextProblems, multiLineFields } from './text-policy';

export interface FieldProblem {
  field: string;
  messages: string[];
}

/**
 * When a value has the wrong type, the type's message is the only one that fits the input
 * ("title must be a string", not a length rule about a number).
 */
const TYPE_CONSTRAINTS = [
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isObject',
  'nestedValidation',
  'isDateString',
  'isIso8601',
];

function fittingMessages(constraints: Record<string, string>): string[] {
  const typeRule = TYPE_CONSTRAINTS.find((name) => constraints[name] !== undefined);
  return typeRule ? [constraints[typeRule]!] : Object.values(constraints);
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, messages: fittingMessages(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The text policy's verdict on a whole value (body, query, path): its 400, or null. */
function textPolicyError(value: unknown, metatype: unknown, label: string): Error | null {
  const problems = findTextProblems(value, multiLineFields(metatype), label);
  if (problems.length === 0) return null;
  return validationError(
    'COMMON.VALIDATION_FAILED',
    capitalise(problems[0]!.messages[0]!),
    problems,
  );
}

/**
 * Whitelisting pipe: unknown fields are refused, not silently dropped. Before any DTO rule,
 * every text value (body, query, path) is checked once for control characters, line breaks
 * outside `@MultiLine()` fields, bidi overrides and invisible-only text: a 400 with a clear
 * message instead of a database error.
 */
class PlatformValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const refused = textPolicyError(value, metadata.metatype, metadata.data ?? metadata.type);
      if (refused) throw refused;
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new PlatformValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const first = details[0]?.messages[0] ?? 'The request is invalid.';
      return validationError('COMMON.VALIDATION_FAILED', capitalise(first), details);
    },
  });
}

/** Made on first use: most processes that load this module never validate outside a route. */
let bodyPipe: ValidationPipe | undefined;

/**
 * Recognises, without the pipe, bodies the DTO takes exactly as they are (a hot path's
 * common shape, hand-checked as the browse query parser is, issue 28). It must only say yes
 * where the pipe would accept the body and give the same values: anything else (false)
 * goes through the pipe, which decides and words the error. The text policy runs either way.
 */
export type TakesAsIs<T> = (value: unknown) => value is T;

/**
 * Validates a body that did not come with an HTTP request (a message sent over a socket) as
 * the pipe validates a route's `@Body()` of that class: the same rules, texts and error.
 * With `takesAsIs`, a body it recognises skips class-transformer and class-validator (its
 * text is still checked) and is returned as it came.
 */
export async function validateBody<T extends object>(
  metatype: new () => T,
  value: unknown,
  takesAsIs?: TakesAsIs<T>,
): Promise<T> {
  if (takesAsIs?.(value)) {
    const refused = textPolicyError(value, metatype, 'body');
    if (refused) throw refused;
    return value;
  }
  bodyPipe ??= createValidationPipe();
  return bodyPipe.transform(value, { type: 'body', metatype }) as Promise<T>;
}
