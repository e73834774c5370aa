/**
 * Derives deepgram.json from Deepgram's published OpenAPI document (github.com/deepgram/deepgram-api-specs,
 * openapi.yml, CC BY 4.0). Run it again when the document changes:
 *
 *   git -C <clone of deepgram-api-specs> show HEAD:openapi.yml > /tmp/deepgram-openapi.yml
 *   node server/test-support/provider-schemas/derive-deepgram.ts /tmp/deepgram-openapi.yml <commit>
 *
 * It reads YAML with `yaml`, which is in node_modules as a dependency of our tooling (not one of ours): this script is
 * run by hand, never by the tests, which read only the committed JSON.
 *
 * What it keeps: every `components.schemas` entry that the pre-recorded `POST /v1/listen` answer and error bodies
 * reach through `$ref` (the answer, its metadata, results, channels, alternatives, words, utterances and paragraphs,
 * the error body), unchanged, plus the schemas of the operation's query parameters. Query parameters are not a schema
 * in OpenAPI, so it adds one: `ListenV1MediaTranscribeQuery`, an object of the parameters by name with
 * `additionalProperties: false`, each parameter's own schema unchanged except where the note says.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
}

const [, , file = '/tmp/deepgram-openapi.yml', commit = 'unknown'] = process.argv;
const doc = parse(readFileSync(file, 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components: { schemas: Record<string, Schema> };
};
const all = doc.components.schemas;
const listen = doc.paths['/v1/listen']!.post!;
const query = (listen.parameters ?? []).filter((p) => p.in === 'query');

/** Published `oneOf`s whose branches overlap (an enum of known values beside `type: string`): read as `anyOf`. */
function overlapFree(schema: Schema): Schema {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined;
  const target = ref ? all[ref] : schema;
  const branches = target?.oneOf as Schema[] | undefined;
  const resolved = branches?.map((b) => (typeof b.$ref === 'string' ? all[b.$ref.split('/').pop()!]! : b));
  const anyString = resolved?.some((b) => b.type === 'string' && !('enum' in b));
  const knownStrings = resolved?.some((b) => b.type === 'string' && Array.isArray(b.enum));
  if (!branches || !anyString || !knownStrings) return schema;
  const rest = Object.fromEntries(Object.entries(target!).filter(([key]) => key !== 'oneOf'));
  return { ...rest, anyOf: branches, ...(ref ? { 'x-derived-from-schema': ref } : {}), ...(schema.default !== undefined ? { default: schema.default } : {}) };
}

const properties: Record<string, Schema> = {};
for (const p of query) properties[p.name] = overlapFree(p.schema);

const keep = new Map<string, Schema>();
function walk(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(walk);
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const name = value.split('/').pop()!;
      if (!keep.has(name)) {
        keep.set(name, all[name]!);
        walk(all[name]);
      }
    } else walk(value);
  }
}
walk({ $ref: '#/components/schemas/listen_v1_media_transcribe_Response_200' });
walk({ $ref: '#/components/schemas/ErrorResponse' });
walk(query.map((p) => p.schema));

const schemas: Record<string, Schema> = Object.fromEntries([...keep].sort(([a], [b]) => a.localeCompare(b)));
schemas.ListenV1MediaTranscribeQuery = {
  type: 'object',
  description: 'Derived: the query parameters of POST /v1/listen (name → its schema), nothing else allowed.',
  properties,
  additionalProperties: false,
  title: 'ListenV1MediaTranscribeQuery',
};

const out = {
  'x-derived-from': {
    source: 'https://github.com/deepgram/deepgram-api-specs/blob/main/openapi.yml',
    commit,
    licence: 'CC BY 4.0 (Creative Commons Attribution 4.0 International), © Deepgram; the LICENSE file of deepgram-api-specs',
    note:
      'components.schemas reached from POST /v1/listen (answer 200 and ErrorResponse) and its query parameters, unchanged. ' +
      'Added: ListenV1MediaTranscribeQuery (the query parameters as an object schema, additionalProperties false). ' +
      "Changed there only: parameters whose published schema is a oneOf of known values and any string (model, version, …) are anyOf, since that oneOf rejects every known value (it matches both branches). " +
      'Found in the document: the 400 answer of /v1/listen is declared as ListenV1Response (the success body), not ErrorResponse; ' +
      'ErrorResponse is a oneOf of two objects with no required properties, so no object body validates against it (check ErrorResponseLegacyError or ErrorResponseModernError instead); ' +
      'the raw audio body (Content-Type audio/* or application/octet-stream) is not described, only the JSON { url } body; ' +
      'words items list neither punctuated_word nor speaker, which the service sends with punctuate/smart_format and diarize. ' +
      'Made by server/test-support/provider-schemas/derive-deepgram.ts.',
  },
  components: { schemas },
};
writeFileSync(new URL('./deepgram.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
console.log(`deepgram.json: ${Object.keys(schemas).length} schemas, ${query.length} query parameters`);
