/**
 * Inputs generated from the OpenAPI document's JSON schemas, then broken on purpose, for the fuzz and the route
 * matrices. Deterministic: every choice comes from a seeded PRNG, so a failure replays with the same seed.
 */

export { mulberry32 } from '../lib/random.ts';

export type Rng = () => number;
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export interface OpenApiOperation {
  parameters?: Array<{ in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** The OpenAPI path of a Fastify url: /api/content/:id → /api/content/{id}. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const STRING_CANDIDATES = ['abc', 'a1-b2', '#a1b2c3', 'AbC_123', 'x', 'cs_test_abcdefgh12', 'image/png'];

function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A value that satisfies the schema where that is easy to know (formats, enums, bounds, common patterns). */
export function sample(schema: JsonSchema | undefined, rng: Rng, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(rng, schema.enum);
  if (schema.anyOf ?? schema.oneOf) return sample(pick(rng, (schema.anyOf ?? schema.oneOf)!), rng, depth + 1);
  if (schema.allOf) return sample(schema.allOf[0], rng, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || rng() < 0.5) out[name] = sample(property, rng, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items, rng, depth + 1));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? 0;
      const max = schema.maximum ?? min + 100;
      const n = min + rng() * (max - min);
      return type === 'integer' ? Math.max(Math.ceil(min), Math.min(Math.floor(max), Math.round(n))) : n;
    }
    case 'boolean':
      return rng() < 0.5;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema, rng);
    default:
      return 'x';
  }
}

function sampleString(schema: JsonSchema, rng: Rng): string {
  if (schema.format === 'uuid') return uuidFrom(rng);
  if (schema.format === 'email') return `fuzz${Math.floor(rng() * 1e6)}@example.com`;
  if (schema.format === 'date-time') return new Date(Date.UTC(2025, 0, 1)).toISOString();
  let value = 'abc';
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    value = STRING_CANDIDATES.find((c) => re.test(c)) ?? 'abc';
  }
  const min = schema.minLength ?? 0;
  if (value.length < min) value = value.padEnd(min, value.at(-1) ?? 'a');
  if (schema.maxLength !== undefined && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
  return value;
}

const HUGE = 'A'.repeat(100 * 1024);
/** 1,000 levels of nested arrays, as raw JSON text (a JS value that deep is not worth building). */
export const DEEP_JSON = `${'['.repeat(1000)}${']'.repeat(1000)}`;
const DEEP_OBJECT_JSON = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Wrong, hostile and edge values for one field. */
export const HOSTILE_VALUES: readonly unknown[] = [
  'a\u0000b',
  '\u0000',
  HUGE,
  -1,
  -0.5,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '',
  ' ',
  true,
  null,
  [],
  {},
  [{}],
  { __proto__: null, toString: 1 },
  '../../etc/passwd',
  '😀'.repeat(50),
  '\ud800',
];

/** A JSON body as raw text (so that `__proto__` keys and 1,000-level nesting reach the server as they are). */
export type FuzzBody = { text: string; label: string } | undefined;

/** One mutated JSON body from a valid sample; `round` walks through every kind of damage in turn. */
export function mutateBody(schema: JsonSchema | undefined, rng: Rng, round: number): NonNullable<FuzzBody> {
  const base = (sample(schema, rng) ?? {}) as Record<string, unknown>;
  const names = Object.keys(schema?.properties ?? base);
  const field = names.length ? pick(rng, names) : 'field';
  const json = (value: unknown, label: string) => ({ text: JSON.stringify(value), label });
  switch (round % 12) {
    case 0:
      return json({ ...base, [field]: pick(rng, HOSTILE_VALUES) }, `${field}: hostile value`);
    case 1: {
      const key = pick(rng, PROTO_KEYS);
      const inner = JSON.stringify(base).slice(1, -1);
      return { text: `{"${key}":{"isAdmin":true,"polluted":1}${inner ? `,${inner}` : ''}}`, label: `prototype key ${key}` };
    }
    case 2: {
      const inner = JSON.stringify(base).slice(1, -1);
      return { text: `{${inner ? `${inner},` : ''}"${field}":${DEEP_JSON}}`, label: `${field}: 1000-level nesting` };
    }
    case 3:
      return { text: rng() < 0.5 ? DEEP_JSON : DEEP_OBJECT_JSON, label: 'body: 1000-level nesting' };
    case 4:
      return json({}, 'empty object');
    case 5:
      return json([base], 'array for object');
    case 6:
      return json({ ...base, extra_field: 'x', [`${field}_extra`]: 1 }, 'extra fields');
    case 7:
      return json({ ...base, [field]: HUGE }, `${field}: 100 KB string`);
    case 8:
      return json(pick(rng, [null, 'x', 1, true, -1]), 'scalar body');
    case 9:
      return json({ ...base, [field]: pick(rng, [-1, -1e308, 1e308, 0.5, 2 ** 63, -(2 ** 31) - 1, 2 ** 31]) }, `${field}: number edge`);
    case 10:
      return json({ ...base, [field]: 'a\u0000b' }, `${field}: NUL`);
    default:
      return json(base, 'schema sample');
  }
}

const QUERY_VALUES = ['%00', 'a%00b', '%2500', '-1', '0', '0.5', '1e309', 'NaN', 'Infinity', '', '%ZZ', '__proto__', 'constructor', '..%2F..%2F', encodeURIComponent('😀'), 'A'.repeat(10_000)];

/**
 * A query string: the sample's values with one of them broken (round by round through the hostile values and the
 * parameters), or an extra, prototype or huge key.
 */
export function mutateQuery(params: Array<{ name: string; schema: JsonSchema }>, rng: Rng, round: number): { query: string; label: string } {
  const pairs: Array<[string, string]> = params.map((p) => [p.name, encodeURIComponent(String(sample(p.schema, rng)))]);
  const kind = round % 4;
  const value = QUERY_VALUES[Math.floor(round / 4 + round) % QUERY_VALUES.length]!;
  if ((kind === 0 || kind === 1) && params.length) {
    const target = params[Math.floor(round / 2) % params.length]!.name;
    const i = pairs.findIndex(([k]) => k === target);
    // Kind 1 repeats the key (an array where a string is expected) instead of replacing it.
    if (kind === 0) pairs[i] = [target, value];
    else pairs.push([target, value]);
    return { query: pairs.map(([k, v]) => `${k}=${v}`).join('&'), label: `${target}=${value.slice(0, 20)}${kind === 1 ? ' (repeated)' : ''}` };
  }
  if (kind === 3) {
    const target = params.length ? pick(rng, params).name : 'q';
    return { query: [...pairs.filter(([k]) => k !== target), [target, 'A'.repeat(100 * 1024)]].map(([k, v]) => `${k}=${v}`).join('&'), label: `${target}: 100 KB` };
  }
  const key = pick(rng, [...PROTO_KEYS, 'extra', '%00', 'a[b]', 'a.b']);
  pairs.push([key, value]);
  return { query: pairs.map(([k, v]) => `${k}=${v}`).join('&'), label: `extra key ${key}=${value.slice(0, 20)}` };
}

// The most telling first: a route with few rounds still meets NUL, over-long and undecodable segments.
const PATH_VALUES = ['%00', 'A'.repeat(8000), 'a%00b', 'A'.repeat(201), '%ZZ', '__proto__', '-1', '..', '%2e%2e', 'constructor', '0.5', '99999999999999999999', '2147483648', 'NaN', '%2500', encodeURIComponent('😀'), '1e999', 'prototype', '0'];

/** A path with its parameters sampled, and one of them broken (round by round through the hostile values). */
export function mutatePath(url: string, params: Array<{ name: string; schema: JsonSchema }>, rng: Rng, round: number | null): { path: string; label: string } {
  const target = params.length && round !== null ? params[round % params.length]!.name : null;
  let label = 'schema sample';
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const schema = params.find((p) => p.name === name)?.schema;
    if (name === target) {
      const value = PATH_VALUES[round! % PATH_VALUES.length]!;
      label = `${name}=${value.slice(0, 20)}${value.length > 20 ? `… (${value.length})` : ''}`;
      return value;
    }
    return encodeURIComponent(String(sample(schema, rng)));
  });
  return { path, label };
}
