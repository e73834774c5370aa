import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pricingCreateRequest,
  pricingDeleteRequest,
  pricingDeleteResponse,
  pricingEntryResponse,
  pricingImportRequest,
  pricingImportResponse,
  pricingListResponse,
  pricingSyncResponse,
  pricingSyncToProdResponse,
  pricingUpdateRequest,
  transcriptionSettingsRequest,
  transcriptionSettingsResponse,
} from '../../../contract/admin-settings.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { PricingService } from './service.ts';

const tags = ['admin'];
const admin = { auth: 'admin' } as const;

/** The bearer token of an Authorization header, if it carries one. */
function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** /api/admin/settings/* and /api/admin/pricing-sync (System Settings). Every route is `auth: 'admin'`. */
export const adminPricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, deps) => {
  const { pricing } = deps;

  app.get(
    '/settings/transcription',
    { config: admin, schema: { tags, summary: 'The transcription engine and its cost per minute', response: { 200: okSchema(transcriptionSettingsResponse) } } },
    async () => ok(await pricing.transcriptionSettings()),
  );

  app.post(
    '/settings/transcription',
    {
      config: admin,
      schema: {
        tags,
        summary: "Choose the transcription engine (one configured on this server) and its cost per minute in USD",
        body: transcriptionSettingsRequest,
        response: { 200: okSchema(transcriptionSettingsResponse) },
      },
    },
    async (request) => ok(await pricing.saveTranscriptionSettings(currentUser(request).id, request.body)),
  );

  app.get(
    '/settings/pricing',
    { config: admin, schema: { tags, summary: 'The pricing table, with the margin of each price', response: { 200: okSchema(pricingListResponse) } } },
    async () => ok({ pricing: await pricing.listPricing() }),
  );

  app.post(
    '/settings/pricing/create',
    { config: admin, schema: { tags, summary: 'Add a price (409 when the service and variant have one)', body: pricingCreateRequest, response: { 200: okSchema(pricingEntryResponse) } } },
    async (request) => ok({ entry: await pricing.createPrice(currentUser(request).id, request.body) }),
  );

  app.post(
    '/settings/pricing/update',
    { config: admin, schema: { tags, summary: 'Change a price by id', body: pricingUpdateRequest, response: { 200: okSchema(pricingEntryResponse) } } },
    async (request) => ok({ entry: await pricing.updatePrice(currentUser(request).id, request.body) }),
  );

  app.post(
    '/settings/pricing/delete',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a price by id, the body being the row as listed (409 for a price a tool charges now, or one renamed since)',
        body: pricingDeleteRequest,
        response: { 200: okSchema(pricingDeleteResponse) },
      },
    },
    async (request) => ok(await pricing.deletePrice(currentUser(request).id, request.body)),
  );

  app.post(
    '/pricing-sync',
    { config: admin, schema: { tags, summary: "Add the catalogue's prices that are missing (never overwrites one)", response: { 200: okSchema(pricingSyncResponse) } } },
    async (request) => ok(await pricing.syncPricing(currentUser(request).id)),
  );

  app.post(
    '/pricing-sync-to-prod',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Development hosts: send the pricing table to the production app (PRODUCTION_SYNC_URL, PRODUCTION_SYNC_TOKEN)',
        response: { 200: okSchema(pricingSyncToProdResponse) },
      },
    },
    async (request) => ok(await pricing.syncToProduction(currentUser(request).id)),
  );
};

/**
 * POST /api/pricing/import: the production end of "Copy to production". Outside /api/admin, where every route is for
 * a signed-in admin: this one is for a machine holding PRODUCTION_SYNC_TOKEN.
 */
export const pricingImportRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, deps) => {
  const { pricing } = deps;
  // Called by a development host, not by a browser: it proves itself with PRODUCTION_SYNC_TOKEN as a bearer token
  // (compared in constant time), like a webhook; without that setting the route answers 404.
  app.post(
    '/import',
    {
      config: { auth: 'webhook' },
      // The token is checked before the body is read, so a stranger learns nothing from validation errors.
      onRequest: async (request) => pricing.checkImportToken(bearer(request.headers.authorization)),
      schema: {
        tags,
        summary: "Upsert prices sent by a development host (Authorization: Bearer PRODUCTION_SYNC_TOKEN; 404 without that setting)",
        body: pricingImportRequest,
        response: { 200: okSchema(pricingImportResponse) },
      },
    },
    async (request) => ok(await pricing.importPricing(bearer(request.headers.authorization), request.body)),
  );
};
