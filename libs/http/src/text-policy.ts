import 'reflect-metadata';

const MULTI_LINE = Symbol('loadout.multiLine');

/**
 * Marks a DTO text property that may hold line breaks and tabs (descriptions, bios,
 * messages). Every other text field is one line: the validation pipe refuses them there.
 */
export function MultiLine(): PropertyDecorator {
  return (target, property) => {
    const names = new Set<string | symbol>(Reflect.getMetadata(MULTI_LINE, target) ?? []);
    names.add(property);
    Reflect.defineMetadata(MULTI_LINE, names, target);
  };
}

export function multiLineFields(metatype: unknown): ReadonlySet<string | symbol> {
  if (typeof metatype !== 'function') return new Set();
  return (
    Reflect.getMetadata(MULTI_LINE, (metatype as { prototype: object }).prototype) ?? new Set()
  );
}

/** NUL and the other C0/C1 controls (Postgres refuses NUL; the rest only hide things). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** Bidi embeddings, overrides and isolates: they make text read differently than it is. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Whitespace and characters that render as nothing (zero-width, fillers, BOM). */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}]/gu;
const HAS_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** A UTF-16 surrogate without its pair: not text (validator.js's isEmail throws on it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text value is refused, or null when it is acceptable. */
export function textProblem(value: string, multiLine: boolean): string | null {
  if (CONTROL.test(value)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (no unpaired surrogates)';
  if (!multiLine && LINE_BREAK_OR_TAB.test(value))
    return 'must be a single line (no line breaks or tabs)';
  if (BIDI_CONTROL.test(value)) return 'must not contain bidirectional override characters';
  if (HAS_IGNORABLE.test(value) && value.replace(INVISIBLE, '') === '')
    return 'must contain visible characters';
  return null;
}

export interface TextProblem {
  field: string;
  messages: string[];
}

const MAX_SCAN_DEPTH = 64;

/**
 * Every string in a body, query or path value, checked before class-transformer and the
 * DTO rules run. Keys count too (an object key with NUL would reach jsonb columns).
 */
export function findTextProblems(
  value: unknown,
  multiLine: ReadonlySet<string | symbol>,
  label: string,
): TextProblem[] {
  const out: TextProblem[] = [];
  const visit = (v: unknown, path: string, key: string, depth: number): void => {
    if (out.length >= 10 || depth > MAX_SCAN_DEPTH) return;
    if (typeof v === 'string') {
      const problem = textProblem(v, multiLine.has(key));
      if (problem) out.push({ field: path || label, messages: [`${path || label} ${problem}.`] });
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => visit(item, `${path}[${i}]`, key, depth + 1));
      return;
    }
    if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const problem = textProblem(k, false);
        const childPath = path ? `${path}.${k}` : k;
        if (problem) {
          out.push({ field: path || label, messages: [`Field names ${problem}.`] });
          continue;
        }
        visit(item, childPath, k, depth + 1);
      }
    }
  };
  visit(value, '', label, 0);
  return out;
}
