/**
 * Derives replicate.json (beside this file) from Replicate's published OpenAPI document, served at
 * https://api.replicate.com/openapi.json. Run it on a downloaded copy:
 *
 *   curl -fsSL -o /tmp/replicate-openapi.json https://api.replicate.com/openapi.json
 *   node server/test-support/provider-schemas/derive-replicate.ts /tmp/replicate-openapi.json "<where the copy came from>" "<commit or date>"
 *
 * It keeps the document's `components.schemas` our calls touch, unchanged but for one correction (below, recorded in the output's x-derived-from.corrections), and lifts three inline schemas into
 * `components.schemas` under names of ours (each says where it came from): the multipart body of files.create, the
 * Prefer header of the create operations, and the problem body files.create documents for its 413. The document
 * publishes no schema for its other error answers; `replicate_problem` is ours (see its description).
 */
import { readFileSync, writeFileSync } from 'node:fs';

type Json = Record<string, unknown>;

const [path, source = 'https://api.replicate.com/openapi.json', commit = 'unknown'] = process.argv.slice(2);
if (!path) {
  console.error('usage: derive-replicate.ts <openapi.json> [source] [commit]');
  process.exit(1);
}
const doc = JSON.parse(readFileSync(path, 'utf8')) as {
  openapi: string;
  components: { schemas: Record<string, Json>; parameters: Record<string, { schema: Json }> };
  paths: Record<string, Record<string, Json>>;
};

const KEPT = [
  'schemas_version_prediction_request',
  'schemas_prediction_request',
  'schemas_prediction_response',
  'schemas_file_response',
  'schemas_model_response',
  'schemas_version_response',
];

const schemas: Record<string, unknown> = {};
for (const name of KEPT) {
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`the document has no components.schemas.${name}`);
  schemas[name] = schema;
}

/**
 * One correction, recorded in the output: schemas_prediction_response.version is `oneOf: [{ type: string },
 * { enum: ['hidden'], type: string }]`, and "hidden" (what an official model's prediction carries) matches both
 * branches, so under oneOf no official model's prediction could ever validate. Read as anyOf, as plainly meant.
 */
const corrections: string[] = [];
const predictionVersion = (schemas.schemas_prediction_response as { properties: Record<string, Json> }).properties.version!;
if (Array.isArray(predictionVersion.oneOf)) {
  predictionVersion.anyOf = predictionVersion.oneOf;
  delete predictionVersion.oneOf;
  corrections.push(
    "schemas_prediction_response.properties.version: oneOf read as anyOf (\"hidden\" matches both of its branches, so oneOf would refuse every official model's prediction)",
  );
}

const filesCreate = doc.paths['/files']?.post as { requestBody: { content: Record<string, { schema: Json }> }; responses: Record<string, { content: Record<string, { schema: Json }> }> };
schemas.files_create_request = {
  ...filesCreate.requestBody.content['multipart/form-data']!.schema,
  'x-lifted-from': "paths['/files'].post.requestBody.content['multipart/form-data'].schema",
};
schemas.files_create_413 = {
  ...filesCreate.responses['413']!.content['application/problem+json']!.schema,
  'x-lifted-from': "paths['/files'].post.responses['413'].content['application/problem+json'].schema",
};
schemas.prefer_header = {
  ...doc.components.parameters.parameters_prefer_header!.schema,
  'x-lifted-from': 'components.parameters.parameters_prefer_header.schema',
};
schemas.replicate_problem = {
  description:
    'Not in the published document (it describes only the 413 of files.create, with `detail`). The error body Replicate sends (application/problem+json, RFC 9457), as its answers quoted in replicate-javascript and replicate-python issues show: `{"title":"Invalid version or not permitted","detail":"…","status":422}`, `{"detail":"The requested resource could not be found.","status":404}`.',
  type: 'object',
  required: ['detail', 'status'],
  properties: { title: { type: 'string' }, detail: { type: 'string' }, status: { type: 'integer', minimum: 400, maximum: 599 } },
  'x-ours': true,
};

const out = {
  'x-derived-from': {
    source,
    commit,
    licence:
      "Replicate's own API description (no licence stated in it); the copy read is in a repository under the MIT licence. Schemas are kept unchanged as facts about the interface.",
    corrections,
    note: `OpenAPI ${doc.openapi}. components.schemas ${KEPT.join(', ')} unchanged but for the corrections listed; files_create_request, files_create_413 and prefer_header lifted unchanged from inline schemas (see x-lifted-from); replicate_problem is ours (see its description). Written by server/test-support/provider-schemas/derive-replicate.ts.`,
  },
  components: { schemas },
};
writeFileSync(new URL('./replicate.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
console.log(`wrote replicate.json: ${Object.keys(schemas).length} schemas`);
