import fc from 'fast-check';

// Values for the API fuzzer, generated from the OpenAPI (JSON) schemas of each route: mostly
// plausible, often hostile (wrong types, nulls, huge and tiny numbers, NaN/Infinity strings,
// control characters, long strings, deep JSON).

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

/** Ids and emails that exist, so some requests reach the handlers' real work. */
export interface Known {
  ids: string[];
  emails: string[];
}

const deepJson = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { nested: value };
  return value;
};

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, '', [], {}, 0, -1, -0.01, 0.001, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 2 ** 63),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1', '0', '0.001', '1.005', ' 1 ', '0x10'),
  fc.constantFrom('99999999999999999999', '92233720368547758.07', '9223372036854775807', '1000000000000.01'),
  fc.constantFrom('\u0000', 'a\u0000b', '\u001b[31mred', 'tab\there', 'line\nbreak', '\u007f', '\ud800', '%00'),
  fc.constantFrom("'; drop table users; --", '<script>alert(1)</script>', '../../etc/passwd', '{{7*7}}'),
  fc.constantFrom('x'.repeat(10_000), '9'.repeat(400)),
  fc.constantFrom(deepJson(40), deepJson(500)),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
);

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return components[name] ?? {};
}

function stringFor(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> {
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(fc.constantFrom(...known.ids), fc.uuid());
    case 'email':
      return fc.oneof(fc.constantFrom(...known.emails), fc.emailAddress());
    case 'date':
      return fc.constantFrom('2026-01-01', '2030-12-31', '1900-02-29', '9999-12-31', '2026-13-45');
    case 'date-time':
      return fc.constantFrom('2026-01-01T00:00:00Z', '0000-01-01T00:00:00Z', '2026-01-01T25:00:00+99:00');
    default:
      return fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('100.00', '1', '0.01', 'USD', 'GTC'));
  }
}

/** A value for `schema`: plausible by its type, or hostile, or (for properties) left out. */
export function valueFor(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  known: Known,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  if (depth > 4) return hostile;
  const variants = s.anyOf ?? s.oneOf ?? s.allOf;
  if (variants && variants.length > 0)
    return fc.oneof(...variants.map((v) => valueFor(v, components, known, depth + 1)), hostile);
  if (s.enum && s.enum.length > 0) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...s.enum) }, hostile);
  if (s.const !== undefined) return fc.oneof(fc.constant(s.const), hostile);
  const type = [s.type].flat()[0];
  let plausible: fc.Arbitrary<unknown>;
  if (type === 'object' || s.properties) {
    const entries = Object.entries(s.properties ?? {}).map(
      ([key, prop]) => [key, fc.option(valueFor(prop, components, known, depth + 1), { nil: undefined })] as const,
    );
    plausible = fc
      .record(Object.fromEntries(entries))
      .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
  } else if (type === 'array') {
    plausible = fc.array(valueFor(s.items ?? {}, components, known, depth + 1), { maxLength: 3 });
  } else if (type === 'string') {
    plausible = stringFor(s, known);
  } else if (type === 'integer') {
    plausible = fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.constantFrom(1, 10, 1_000_000_000, 1_000_000_001));
  } else if (type === 'number') {
    plausible = fc.oneof(fc.constantFrom(1, 100, 1000.5, 1_000_000, 0.01), fc.double({ noNaN: true }));
  } else if (type === 'boolean') {
    plausible = fc.boolean();
  } else {
    plausible = hostile;
  }
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: hostile });
}

/** Whole bodies that are not what any route expects. */
export const hostileBody: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'null',
  '[]',
  '"text"',
  '{',
  '{"a":1,}',
  JSON.stringify(deepJson(2_000)),
  `{"x":"${'y'.repeat(100_000)}"}`,
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
);
