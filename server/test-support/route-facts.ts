import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { toolsConfigResponse } from '../../contract/tools.ts';
import { faqs, pricing } from '../db/schema/index.ts';
import type { TestApp, TestSession } from './app.ts';
import type { ObjectKind } from './builders.ts';
import { data } from './envelope.ts';
import { makePng, multipartBody, readFixture } from './media.ts';
import type { ApiRoute } from './route-table.ts';

/**
 * What the route-table tests cannot read from a route's declaration: the one place to teach them about a new
 * route. Keep it small: anything the schema or the URL says is derived, not listed here.
 */

/**
 * Which parameter names an object, by `<area>:<name>` (the area is the segment after /api/; `idRuleOf`). Path parameters,
 * and query or body fields named like ids (`id`, `*_id`, `*Id`, `*_uuid`), must each be listed: an owned kind
 * (built by `make.<kind>` in builders.ts and tested for 404 to other users), or `shared` with the reason the
 * object belongs to nobody.
 */
export type SharedId = {
  shared: string;
  /** A real value, when a valid call needs one (made for the call: `route` says which route asks). */
  value?: (t: TestApp, s: TestSession, route: ApiRoute) => Promise<string>;
};

/** `admin:id` names a different kind of object on each route that takes it: a fresh one of the kind the route acts on. */
async function adminObjectFor(t: TestApp, route: ApiRoute): Promise<string> {
  if (route.url.startsWith('/api/admin/credit-packages/')) return t.make.creditPackage();
  if (route.url.startsWith('/api/admin/users/')) return (await t.make.user()).userId;
  if (route.url.startsWith('/api/admin/settings/pricing/')) return t.make.price();
  throw new Error(`${route.key} takes admin:id: say which object in adminObjectFor (server/test-support/route-facts.ts)`);
}

export const ID_PARAMS: Record<string, ObjectKind | SharedId> = {
  'files:id': 'file',
  'file:id': 'file',
  'ai:image_uuid': 'file',
  'content:id': 'content',
  'ai:job_id': 'mockupJob',
  'generations:id': 'durableGeneration',
  'batches:id': 'batch',
  'batches:image_uuid': 'file',
  'transcriptions:uuid': 'transcription',
  'account:id': 'otherSession',
  'account/api-keys:id': 'apiKey',
  'account/webhooks:id': 'webhook',
  'account/webhooks:delivery_id': 'webhookDelivery',
  'account:export_id': 'dataExport',
  'payments:session_id': 'checkout',
  'payments:checkout_id': 'openCheckout',
  'payments:packageId': {
    shared: 'a credit package is a catalogue entry every signed-in user may open',
    value: async (t, s) => ((await t.call('GET', '/api/credits/packages', { session: s })).json() as { data: { packages: Array<{ uuid: string }> } }).data.packages[0]!.uuid,
  },
  'pricing:slug': { shared: 'a tool title in the public price list' },
  'notifications:uuid': { shared: 'a notification banner is site content shown to everyone; it belongs to no user', value: (t) => t.make.notification() },
  'admin:faqId': { shared: 'a FAQ entry is site content shown to everyone; it belongs to no user', value: (t) => t.make.faq() },
  'admin:payment_id': { shared: 'a payment as the admin sees it in Stripe Transactions; admin routes belong to no user', value: (t) => t.make.unassignedPayment() },
  'admin:user_id': { shared: 'the account an admin assigns an unassigned payment to; admin routes belong to no user', value: async (t) => (await t.make.user()).userId },
  'admin:id': {
    shared: 'an admin route names an account or an admin object (a credit package, a price) by id: it belongs to no signed-in user, the admin role is the guard',
    value: (t, _s, route) => adminObjectFor(t, route),
  },
  'telegram:update_id': { shared: "Telegram's own numbering of the updates it sends the bot; it names no object of a user" },
};

/**
 * The rule of a route's parameter: `<area>/<next segment>:<name>` where one is listed (two kinds of object under one
 * area, like the account's sessions and API keys), else `<area>:<name>`.
 */
export function idRuleOf(route: Pick<ApiRoute, 'area' | 'url'>, name: string): ObjectKind | SharedId | undefined {
  return ID_PARAMS[`${route.area}/${route.url.split('/')[3]}:${name}`] ?? ID_PARAMS[`${route.area}:${name}`];
}

/** A field name that, by its shape, names an object. */
export const looksLikeId = (name: string) => /^(id|uuid)$|_id$|Id$|_uuid$/.test(name);

/**
 * A call as the matrices send it: a JSON body, or a raw one (multipart); `query` sets query parameters the schema's
 * sample would otherwise choose (say, which sub-action).
 */
export type SampleBody = ({ json: unknown } | { raw: { body: Buffer; contentType: string } }) & { query?: Record<string, string> };

/** What a valid body may use: the app, and the value each id parameter of the call got (by name; `ID_PARAMS`). */
export interface BodyContext {
  t: TestApp;
  values: Record<string, string>;
}

let unique = 0;
/** A name no earlier call used (creates must not collide with what an earlier call made). */
const fresh = (prefix: string) => `${prefix}${++unique}${randomUUID().slice(0, 8)}`;

/**
 * A body that would succeed (so a refused call proves the guard, not the validator, and an admin's call answers
 * 200), where the schema alone cannot make one. `ids` holds the caller's own objects by kind. Other routes get a body
 * generated from their schema.
 */
export const VALID_BODIES: Record<string, (ids: Partial<Record<ObjectKind, string>>, ctx: BodyContext) => Promise<SampleBody>> = {
  'POST /api/files/upload': async () => ({ raw: multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: await makePng(32, 32) }]) }),
  'POST /api/ai/generate-image': async () => ({ json: { imageData: (await makePng(64, 48)).toString('base64'), userPrompt: 'make it black and white' } }),
  'POST /api/ai/upscale-image': async (ids) => ({ json: { image_uuid: ids.file, scale_factor: 2, quality_tier: 'fast' } }),
  'POST /api/batches': async (ids) => ({ json: { tool: 'thumbnail-generator', options: {}, items: [{ image_uuid: ids.file }] } }),
  'POST /api/transcriptions': async () => ({
    raw: multipartBody([
      { name: 'refinement_type', data: 'raw' },
      { name: 'audio_file', filename: 'tone.wav', contentType: 'audio/wav', data: readFixture('tone.wav') },
    ]),
  }),
  'PUT /api/auth/profile': async () => ({ json: { name: 'Changed Name' } }),
  'PUT /api/account/spending': async () => ({ json: { monthly_cap: '500', low_balance_alert: null } }),
  'POST /api/account/api-keys': async () => ({ json: { name: fresh('Matrix key '), scopes: ['generate'] } }),
  // A public address literal: accepted without a lookup; nothing is sent to it unless an event happens.
  'POST /api/account/webhooks': async () => ({ json: { url: 'https://93.184.216.34/hooks', events: ['batch.completed'] } }),
  // The matrices' users have no password yet, so setting a first one needs no current password.
  'PUT /api/account/password': async () => ({ json: { new_password: 'a long enough password 123' } }),
  'POST /api/auth/magic-link': async () => ({ json: { email: 'someone-else@example.com' } }),
  'POST /api/auth/register': async () => ({ json: { email: 'new-account@example.com', name: 'New', password: 'a long enough password 123' } }),

  // The admin area's writes. Ids come from ID_PARAMS' values (objects made for the call).
  'POST /api/admin/credit-packages': async () => ({ json: { name: fresh('Matrix pack '), price_usd: '12.50', credits: '12', bonus_credits: '1' } }),
  'PUT /api/admin/credit-packages/:id': async () => ({ json: { name: fresh('Renamed pack '), price_usd: '15.00', credits: '15' } }),
  'POST /api/admin/faqs': async () => ({ json: { question: `${fresh('Matrix question ')}?`, answer: 'An answer.' } }),
  'PUT /api/admin/faqs/:faqId': async () => ({ json: { answer: 'A changed answer.' } }),
  // Every entry once, in reverse: the order as the list stands when the call is made.
  'PUT /api/admin/faqs/order': async (_ids, { t }) => {
    const rows = await t.database.db.select({ id: faqs.id }).from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
    return { json: { order: rows.map((r) => r.id).reverse() } };
  },
  'POST /api/admin/settings/pricing/create': async () => ({ json: { service_type: fresh('matrix_'), user_cost_credits: '0.25', description: 'Matrix price' } }),
  'POST /api/admin/settings/pricing/update': async (_ids, { values }) => ({ json: { id: Number(values.id), user_cost_credits: '0.75' } }),
  // Spec 3 §7's body: the row as the table lists it.
  'POST /api/admin/settings/pricing/delete': async (_ids, { t, values }) => {
    const [row] = await t.database.db.select().from(pricing).where(eq(pricing.id, Number(values.id)));
    if (!row) return { json: { id: Number(values.id) } };
    return {
      json: { id: row.id, service_type: row.serviceType, service_variant: row.serviceVariant, user_cost_credits: row.userCostCredits, actual_cost_usd: row.actualCostUsd, description: row.description },
    };
  },
  'POST /api/admin/settings/transcription': async () => ({ json: { provider: 'auto', pricing_per_minute: '0.02' } }),
  'POST /api/admin/stripe-transactions': async (_ids, { values }) => ({ query: { sub_action: 'assign' }, json: { payment_id: values.payment_id, user_id: values.user_id } }),
  // Every tool once, as the public list has them, the first one's featured flag turned.
  'POST /api/admin/tools-config': async (_ids, { t }) => {
    const tools = data(await t.call('GET', '/api/tools/config'), toolsConfigResponse).tools;
    return { json: { tools: tools.map(({ id, status, featured }, i) => ({ id, status, featured: i === 0 ? !featured : featured })) } };
  },
  'POST /api/admin/users/:id/credits': async () => ({ json: { direction: 'grant', amount: '5', reason: 'Matrix check' } }),
  'POST /api/notifications/admin': async (_ids, { t }) => ({ json: { identifier: fresh('matrix-'), content: 'Matrix <em>banner</em>', valid_from: t.clock.now().toISOString() } }),
  'PUT /api/notifications/admin/:uuid': async () => ({ json: { is_active: false } }),
  'PUT /api/admin/site/testimonials': async () => ({ json: { testimonials: [{ name: 'Ana Ruiz', role: 'Podcaster', quote: 'Saves me hours.' }] } }),
  'PUT /api/admin/site/video': async () => ({ json: { video: { url: 'https://www.youtube-nocookie.com/embed/abc123', title: 'Ampkit in 60 seconds' } } }),
};
