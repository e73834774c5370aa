import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Holds our requests and the fakes' answers to a provider's own published API description.
 *
 * Each `<provider>.json` beside this file is derived from the provider's published document (its source, commit and
 * licence are in the file's `x-derived-from`): the document's `components.schemas` that our calls touch, unchanged,
 * so `$ref`s between them resolve. `validator('openai')('CreateImageEditRequest')` compiles one of them with JSON
 * Schema 2020-12 (OpenAPI 3.1's dialect); OpenAPI 3.0's `nullable` is read as "or null". Formats and the OpenAPI
 * keywords that are not JSON Schema (`x-…`, `example`, `discriminator`) are annotations only.
 */

export interface SchemaCheck {
  ok: boolean;
  /** Each failure as `path: message`, empty when ok. */
  errors: string[];
}

type Doc = { 'x-derived-from'?: unknown; components: { schemas: Record<string, unknown> } };

const docs = new Map<string, { ajv: Ajv2020; compiled: Map<string, ValidateFunction> }>();

function load(provider: string) {
  let entry = docs.get(provider);
  if (!entry) {
    const doc = JSON.parse(readFileSync(new URL(`./${provider}.json`, import.meta.url), 'utf8')) as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(nullableToNull(doc) as object, provider);
    entry = { ajv, compiled: new Map() };
    docs.set(provider, entry);
  }
  return entry;
}

/** A checker for one schema of the provider's document: `check(value)` says whether it validates, and why not. */
export function validator(provider: string) {
  const entry = load(provider);
  return (schemaName: string) => {
    let validate = entry.compiled.get(schemaName);
    if (!validate) {
      const found = entry.ajv.getSchema(`${provider}#/components/schemas/${schemaName}`);
      if (!found) throw new Error(`${provider}.json has no schema ${schemaName}`);
      validate = found;
      entry.compiled.set(schemaName, validate);
    }
    return (value: unknown): SchemaCheck => {
      const ok = validate(value) as boolean;
      const errors = ok ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      return { ok, errors };
    };
  };
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema's "or null" (3.1 documents have none, and pass unchanged). */
function nullableToNull(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableToNull);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'nullable') out[key] = nullableToNull(value);
  if ((node as { nullable?: unknown }).nullable === true) return { anyOf: [out, { type: 'null' }] };
  return out;
}
