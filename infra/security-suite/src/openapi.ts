import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the suites read. */
export interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Route {
  service: string;
  method: string;
  /** As in the document, e.g. `/api/v1/listings/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: Schema;
  /** The document declares bearer auth for it. */
  secured: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function routesOf(service: string, doc: OpenApiDoc): Route[] {
  const out: Route[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      out.push({
        service,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return out;
}

/** Hostile text: NUL, controls, bidi overrides, invisible-only, lone surrogates, huge. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'abc\u0000def',
    '%00',
    '\u0007\u001b[31m',
    'line\nbreak\r\n',
    '\u202Egnp.exe',
    '\u200B\u200C\u200D\uFEFF',
    '\uD800',
    '\uDFFF\uD800',
    '𝓛𝓸𝓪𝓭𝓸𝓾𝓽',
    '👩‍👩‍👧‍👦'.repeat(50),
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '',
    ' ',
    '2026-13-45',
    '0000-00-00T00:00:00Z',
    '99999999999999999999',
    '-1',
    'NaN',
    'null',
    '__proto__',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 5_000 }).map((n) => 'x'.repeat(n)),
  // Huge: past every length limit, the body limit and the header limit (in a query or path).
  fc.constantFrom('x'.repeat(100_000), 'x'.repeat(1_100_000)),
);

/** Wrong types and extreme numbers for any slot. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    2 ** 31,
    2 ** 53,
    -(2 ** 63),
    1e308,
    0.1,
    [],
    {},
    [null],
    { $gt: '' },
    { __proto__: { admin: true } },
  ),
  fc.integer(),
  fc.double(),
);

/** JSON nested `depth` levels deep (arrays), as text. */
export const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const deref = (doc: OpenApiDoc, s: Schema): Schema => {
  let schema = s;
  for (let i = 0; i < 10 && schema.$ref; i++)
    schema = doc.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {};
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((x) => deref(doc, x)));
  return schema;
};

/** The top-level properties of a body schema, each with whether the document lets it be null. */
export function bodyProperties(doc: OpenApiDoc, s: Schema): { name: string; nullable: boolean }[] {
  return Object.entries(deref(doc, s).properties ?? {}).map(([name, p]) => ({
    name,
    nullable: Boolean(p.nullable || deref(doc, p).nullable),
  }));
}

/** A value that follows the schema (with boundary lengths and numbers). */
export function validValue(
  doc: OpenApiDoc,
  s: Schema | undefined,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant('x');
  const schema = deref(doc, s);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validValue(doc, v, depth + 1)));
  switch (schema.type ?? 'object') {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 64, 5000);
      if (schema.format === 'date') return fc.constantFrom('2000-01-01', '1990-12-31');
      if (schema.format === 'email') return fc.constantFrom('fuzz@example.test');
      if (schema.format === 'uri') return fc.constantFrom('https://example.ie/a');
      return fc.oneof(
        fc.string({ minLength: min, maxLength: max }),
        fc.constant('a'.repeat(Math.max(min, max))),
        fc.constant('a'.repeat(Math.max(min, 1))),
      );
    }
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -(2 ** 31),
        max: schema.maximum ?? 2 ** 31 - 1,
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(doc, schema.items, depth + 1), { maxLength: 4 });
    default: {
      const props = Object.entries(schema.properties ?? {});
      if (props.length === 0) return fc.constant({});
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(props.map(([k, v]) => [k, validValue(doc, v, depth + 1)]));
      return fc.record(shape, {
        requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
  }
}

/** Valid values with one or more slots replaced by hostile ones. */
export function fuzzValue(
  doc: OpenApiDoc,
  s: Schema | undefined,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return hostileValue;
  const schema = deref(doc, s);
  const props = Object.entries(schema.properties ?? {});
  if ((schema.type === 'object' || props.length > 0) && props.length > 0) {
    const shape = Object.fromEntries(
      props.map(([k, v]) => [
        k,
        fc.oneof(
          { weight: 3, arbitrary: validValue(doc, v, depth + 1) },
          { weight: 1, arbitrary: fuzzValue(doc, v, depth + 1) },
        ),
      ]),
    );
    return fc.record(shape, { requiredKeys: [] });
  }
  return fc.oneof(validValue(doc, schema, depth), hostileValue);
}
