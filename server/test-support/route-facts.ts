import type { TestApp, TestSession } from './app.ts';
import type { ObjectKind } from './builders.ts';
import { makePng, multipartBody, readFixture } from './media.ts';

/**
 * What the route-table tests cannot read from a route's declaration: the one place to teach them about a new
 * route. Keep it small: anything the schema or the URL says is derived, not listed here.
 */

/**
 * Which parameter names an object, by `<area>:<name>` (the area is the segment after /api/). Path parameters,
 * and query or body fields named like ids (`id`, `*_id`, `*Id`, `*_uuid`), must each be listed: an owned kind
 * (built by `make.<kind>` in builders.ts and tested for 404 to other users), or `shared` with the reason the
 * object belongs to nobody.
 */
export type SharedId = { shared: string; /** A real value, when a valid call needs one. */ value?: (t: TestApp, s: TestSession) => Promise<string> };

export const ID_PARAMS: Record<string, ObjectKind | SharedId> = {
  'files:id': 'file',
  'file:id': 'file',
  'ai:image_uuid': 'file',
  'content:id': 'content',
  'ai:job_id': 'mockupJob',
  'transcriptions:uuid': 'transcription',
  'account:id': 'otherSession',
  'account:export_id': 'dataExport',
  'payments:session_id': 'checkout',
  'payments:checkout_id': 'openCheckout',
  'payments:packageId': {
    shared: 'a credit package is a catalogue entry every signed-in user may open',
    value: async (t, s) => ((await t.call('GET', '/api/credits/packages', { session: s })).json() as { data: { packages: Array<{ uuid: string }> } }).data.packages[0]!.uuid,
  },
  'pricing:slug': { shared: 'a tool title in the public price list' },
  'notifications:uuid': { shared: 'a notification banner is site content shown to everyone; it belongs to no user' },
  'admin:faqId': { shared: 'a FAQ entry is site content shown to everyone; it belongs to no user' },
  'admin:payment_id': { shared: 'a payment as the admin sees it in Stripe Transactions; admin routes belong to no user' },
  'admin:user_id': { shared: 'the account an admin assigns an unassigned payment to; admin routes belong to no user' },
  'admin:id': { shared: 'an admin route names an account or an admin object (a credit package, a price) by id: it belongs to no signed-in user, the admin role is the guard' },
  'telegram:update_id': { shared: "Telegram's own numbering of the updates it sends the bot; it names no object of a user" },
};

/** A field name that, by its shape, names an object. */
export const looksLikeId = (name: string) => /^(id|uuid)$|_id$|Id$|_uuid$/.test(name);

/** A call as the matrices send it: a JSON body, or a raw one (multipart). */
export type SampleBody = { json: unknown } | { raw: { body: Buffer; contentType: string } };

/**
 * A body that would succeed (so a refused call proves the guard, not the validator), where the schema alone
 * cannot make one. `ids` holds the caller's own objects by kind. Other routes get a body generated from their schema.
 */
export const VALID_BODIES: Record<string, (ids: Partial<Record<ObjectKind, string>>) => Promise<SampleBody>> = {
  'POST /api/files/upload': async () => ({ raw: multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: await makePng(32, 32) }]) }),
  'POST /api/ai/generate-image': async () => ({ json: { imageData: (await makePng(64, 48)).toString('base64'), userPrompt: 'make it black and white' } }),
  'POST /api/ai/upscale-image': async (ids) => ({ json: { image_uuid: ids.file, scale_factor: 2, quality_tier: 'fast' } }),
  'POST /api/transcriptions': async () => ({
    raw: multipartBody([
      { name: 'refinement_type', data: 'raw' },
      { name: 'audio_file', filename: 'tone.wav', contentType: 'audio/wav', data: readFixture('tone.wav') },
    ]),
  }),
  'PUT /api/auth/profile': async () => ({ json: { name: 'Changed Name' } }),
  // The matrices' users have no password yet, so setting a first one needs no current password.
  'PUT /api/account/password': async () => ({ json: { new_password: 'a long enough password 123' } }),
  'POST /api/auth/magic-link': async () => ({ json: { email: 'someone-else@example.com' } }),
  'POST /api/auth/register': async () => ({ json: { email: 'new-account@example.com', name: 'New', password: 'a long enough password 123' } }),
};
