import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pricingListResponse, transcriptionSettingsResponse, type PricingEntry } from '../../../contract/admin-settings.ts';
import { DEFAULT_PRICING } from '../../../contract/tool-prices.ts';
import { wavOf } from '../../providers/ai/speech/audio.ts';
import { adminAudit, pricing, siteSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { startFakeDeepgram, type FakeDeepgram } from '../../test-support/fake-ai/deepgram.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/fake-ai/openai.ts';
import { multipartBody } from '../../test-support/media.ts';

type Audit = { action: string; target_id: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; admin: { id: string } | null };
const auditOf = async (t: TestApp, s: TestSession) => (await t.call('GET', '/api/admin/audit?area=settings', { session: s })).json().data.entries as Audit[];
const prices = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/admin/settings/pricing', { session: s }), pricingListResponse).pricing;
const priceOf = (list: PricingEntry[], type: string, variant = 'standard') => list.find((p) => p.service_type === type && p.service_variant === variant);

describe('System Settings on a plain app', () => {
  let t: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ TRANSCRIPTION_PROVIDER: 'none' });
    admin = await t.make.user({ admin: true });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(adminAudit);
    await db.delete(siteSettings);
    await db.delete(pricing);
    await t.app.services.pricing.seed();
  });

  describe('GET/POST /api/admin/settings/transcription', () => {
    it('answers the defaults (the first provider through auto, 0.05 a minute) until an admin saves', async () => {
      const res = data(await t.call('GET', '/api/admin/settings/transcription', { session: admin }), transcriptionSettingsResponse);
      expect(res).toMatchObject({ provider: 'auto', pricing_per_minute: '0.0500', is_default: true, auto_engine: null });
      expect(res.providers.map((p) => [p.id, p.configured])).toEqual([
        ['auto', true],
        ['deepgram', false],
        ['openai', false],
        ['local', false],
      ]);
    });

    it('saves a choice with its cost per minute, audited', async () => {
      const res = await t.call('POST', '/api/admin/settings/transcription', { session: admin, body: { provider: 'auto', pricing_per_minute: '0.0043' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(data(res, transcriptionSettingsResponse)).toMatchObject({ provider: 'auto', pricing_per_minute: '0.0043', is_default: false });
      const saved = await t.call('POST', '/api/admin/settings/transcription', { session: admin, body: { provider: 'auto', pricing_per_minute: 0.01 } });
      expect(data(saved, transcriptionSettingsResponse).pricing_per_minute).toBe('0.0100');
      const [latest, first] = await auditOf(t, admin);
      expect(latest).toMatchObject({ action: 'transcription.update', target_id: 'transcription', before: { pricing_per_minute: '0.0043' }, after: { pricing_per_minute: '0.0100' } });
      expect(first).toMatchObject({ before: { provider: 'auto', pricing_per_minute: '0.05' }, after: { provider: 'auto', pricing_per_minute: '0.0043' } });
    });

    it.each([
      [{ provider: 'deepgram', pricing_per_minute: '0.05' }, 'provider', /not configured/],
      [{ provider: 'whisper', pricing_per_minute: '0.05' }, 'provider', /Provider must be/],
      [{ pricing_per_minute: '0.05' }, 'provider', /Provider must be/],
      [{ provider: 'auto', pricing_per_minute: '-0.01' }, 'pricing_per_minute', /0 or more/],
      [{ provider: 'auto', pricing_per_minute: 'free' }, 'pricing_per_minute', /0 or more/],
      [{ provider: 'auto', pricing_per_minute: '0.123456' }, 'pricing_per_minute', /at most 4 decimals/],
      [{ provider: 'auto' }, 'pricing_per_minute', /./],
      [{ provider: 'auto', pricing_per_minute: '1', extra: true }, undefined, /./],
    ])('refuses %j with 400 naming the field, and changes nothing', async (body, field, message) => {
      const res = await t.call('POST', '/api/admin/settings/transcription', { session: admin, body });
      expect(res.statusCode).toBe(400);
      if (field) expect(error(res).field).toBe(field);
      expect(error(res).message).toMatch(message);
      expect(data(await t.call('GET', '/api/admin/settings/transcription', { session: admin }), transcriptionSettingsResponse).is_default).toBe(true);
      expect(await auditOf(t, admin)).toEqual([]);
    });
  });

  describe('the pricing table', () => {
    it('lists every price with its margin and whether a tool charges it now', async () => {
      const list = await prices(t, admin);
      expect(list).toHaveLength(DEFAULT_PRICING.length);
      // (0.25 - 0.04) / 0.25 = 84%
      expect(priceOf(list, 'image_generation')).toMatchObject({ user_cost_credits: '0.2500', actual_cost_usd: '0.04', margin_percent: '84.0', in_use: true });
      expect(priceOf(list, 'image_variation')).toMatchObject({ in_use: false });
      expect(priceOf(list, 'caption', 'local')).toMatchObject({ user_cost_credits: '0.0000', margin_percent: null });
    });

    it('creates a price (variant standard by default), audited; the same service and variant again is 409', async () => {
      const res = await t.call('POST', '/api/admin/settings/pricing/create', { session: admin, body: { service_type: 'voice_clone', user_cost_credits: '1.2345', actual_cost_usd: '0.3', description: 'Voice clone' } });
      expect(res.statusCode, res.body).toBe(200);
      const entry = res.json().data.entry as PricingEntry;
      expect(entry).toMatchObject({ service_type: 'voice_clone', service_variant: 'standard', user_cost_credits: '1.2345', actual_cost_usd: '0.3', description: 'Voice clone', in_use: false });
      expect(priceOf(await prices(t, admin), 'voice_clone')).toEqual(entry);
      const [audit] = await auditOf(t, admin);
      expect(audit).toMatchObject({ action: 'pricing.create', target_id: String(entry.id), before: null, after: { service_type: 'voice_clone', user_cost_credits: '1.2345' } });

      const again = await t.call('POST', '/api/admin/settings/pricing/create', { session: admin, body: { service_type: 'voice_clone', service_variant: '', user_cost_credits: '2' } });
      expect(again.statusCode).toBe(409);
      expect(priceOf(await prices(t, admin), 'voice_clone')!.user_cost_credits).toBe('1.2345');
    });

    it.each([
      [{ user_cost_credits: '1' }, 'service_type', 'Service type is required'],
      [{ service_type: '   ', user_cost_credits: '1' }, 'service_type', 'Service type is required'],
      [{ service_type: 'Bad Type!', user_cost_credits: '1' }, 'service_type', /lowercase/],
      [{ service_type: 'x' }, 'user_cost_credits', /./],
      [{ service_type: 'x', user_cost_credits: '-1' }, 'user_cost_credits', /0 or more/],
      [{ service_type: 'x', user_cost_credits: '0.00001' }, 'user_cost_credits', /at most 4 decimals/],
      [{ service_type: 'x', user_cost_credits: '1', actual_cost_usd: '0.0000001' }, 'actual_cost_usd', /at most 6 decimals/],
      [{ service_type: 'x', user_cost_credits: '1', description: 'd'.repeat(501) }, 'description', /./],
      [{ service_type: 'x', user_cost_credits: '1', id: 5 }, undefined, /./],
    ])('create refuses %j with 400 naming the field, and changes nothing', async (body, field, message) => {
      const res = await t.call('POST', '/api/admin/settings/pricing/create', { session: admin, body });
      expect(res.statusCode).toBe(400);
      if (field) expect(error(res).field).toBe(field);
      expect(error(res).message).toMatch(message);
      expect(await prices(t, admin)).toHaveLength(DEFAULT_PRICING.length);
      expect(await auditOf(t, admin)).toEqual([]);
    });

    it('a price change reaches predict-cost at once, audited with only the changed field', async () => {
      const user = await t.make.user({ credits: '1' });
      const predict = async () => (await t.call('GET', '/api/credits/predict-cost?service_type=caption&variant=standard', { session: user })).json().data;
      expect(await predict()).toMatchObject({ required_credits: '0.0500', can_afford: true });
      const caption = priceOf(await prices(t, admin), 'caption')!;
      const res = await t.call('POST', '/api/admin/settings/pricing/update', { session: admin, body: { id: caption.id, user_cost_credits: '1.5', description: caption.description } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.entry).toMatchObject({ user_cost_credits: '1.5000', margin_percent: '99.9' });
      expect(await predict()).toMatchObject({ required_credits: '1.5000', can_afford: false, deficit: '0.5000' });
      const [audit] = await auditOf(t, admin);
      expect(audit).toMatchObject({ action: 'pricing.update', target_id: String(caption.id), before: { user_cost_credits: '0.0500' }, after: { user_cost_credits: '1.5000' } });
    });

    it("renames an unused price, but not one a tool charges (409), nor onto another's name (409)", async () => {
      const list = await prices(t, admin);
      const variation = priceOf(list, 'image_variation')!;
      const renamed = await t.call('POST', '/api/admin/settings/pricing/update', { session: admin, body: { id: variation.id, service_variant: 'premium' } });
      expect(renamed.json().data.entry).toMatchObject({ service_type: 'image_variation', service_variant: 'premium' });
      const onto = await t.call('POST', '/api/admin/settings/pricing/update', { session: admin, body: { id: variation.id, service_type: 'caption', service_variant: 'standard' } });
      expect(onto.statusCode).toBe(409);
      const inUse = await t.call('POST', '/api/admin/settings/pricing/update', { session: admin, body: { id: priceOf(list, 'mockup')!.id, service_variant: 'old' } });
      expect(inUse.statusCode).toBe(409);
      expect(error(inUse).message).toMatch(/A tool charges mockup \(standard\)/);
      expect(priceOf(await prices(t, admin), 'mockup')).toBeDefined();
    });

    it.each([
      [{ user_cost_credits: '1' }, 'id'],
      [{ id: 'abc', user_cost_credits: '1' }, 'id'],
      [{ id: 1.5, user_cost_credits: '1' }, 'id'],
      [{ id: 1, user_cost_credits: '-2' }, 'user_cost_credits'],
      [{ id: 1, service_type: '' }, 'service_type'],
      [{ id: 1, actual_cost_usd: 'x' }, 'actual_cost_usd'],
    ])('update refuses %j with 400 naming the field, and changes nothing', async (body, field) => {
      const before = await prices(t, admin);
      const res = await t.call('POST', '/api/admin/settings/pricing/update', { session: admin, body });
      expect(res.statusCode).toBe(400);
      expect(error(res).field).toBe(field);
      expect(await prices(t, admin)).toEqual(before);
      expect(await auditOf(t, admin)).toEqual([]);
    });

    it('update and delete answer 404 for an unknown id', async () => {
      expect((await t.call('POST', '/api/admin/settings/pricing/update', { session: admin, body: { id: 999_999, user_cost_credits: '1' } })).statusCode).toBe(404);
      expect((await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body: { id: 999_999 } })).statusCode).toBe(404);
    });

    it('deletes an unused price, audited, and refuses one a tool charges now (409, kept)', async () => {
      const list = await prices(t, admin);
      const variation = priceOf(list, 'image_variation')!;
      const res = await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body: { id: variation.id } });
      expect(res.json()).toEqual({ success: true, data: { deleted: true, id: variation.id } });
      expect(priceOf(await prices(t, admin), 'image_variation')).toBeUndefined();
      const [audit] = await auditOf(t, admin);
      expect(audit).toMatchObject({ action: 'pricing.delete', target_id: String(variation.id), before: { service_type: 'image_variation', user_cost_credits: '0.2500' }, after: null });

      const headshot = priceOf(list, 'headshot')!;
      const refused = await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body: { id: headshot.id } });
      expect(refused.statusCode).toBe(409);
      expect(error(refused).message).toMatch(/cannot be deleted/);
      expect(priceOf(await prices(t, admin), 'headshot')).toEqual(headshot);
      expect((await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body: { id: 'x' } })).statusCode).toBe(400);
    });

    /** The row as spec 3 §7 sends it: the six fields of a pricing entry, as the table listed them. */
    const specRow = ({ id, service_type, service_variant, user_cost_credits, actual_cost_usd, description }: PricingEntry) => ({
      id,
      service_type,
      service_variant,
      user_cost_credits,
      actual_cost_usd,
      description,
    });

    it("deletes with the spec's body, the whole row as listed (id, service_type, service_variant, costs, description)", async () => {
      const variation = priceOf(await prices(t, admin), 'image_variation')!;
      const res = await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body: specRow(variation) });
      expect(res.json()).toEqual({ success: true, data: { deleted: true, id: variation.id } });
      expect(priceOf(await prices(t, admin), 'image_variation')).toBeUndefined();
      const [audit] = await auditOf(t, admin);
      expect(audit).toMatchObject({ action: 'pricing.delete', target_id: String(variation.id), before: { service_type: 'image_variation' }, after: null });
    });

    it('refuses a delete whose row was renamed since it was listed (409 naming the field), and keeps it', async () => {
      const list = await prices(t, admin);
      const variation = priceOf(list, 'image_variation')!;
      await t.call('POST', '/api/admin/settings/pricing/update', { session: admin, body: { id: variation.id, service_variant: 'premium' } });
      await t.database.db.delete(adminAudit);
      const stale = await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body: specRow(variation) });
      expect(stale.statusCode).toBe(409);
      expect(error(stale)).toMatchObject({ code: 'CONFLICT', field: 'service_variant' });
      expect(error(stale).message).toMatch(/now image_variation \(premium\)/);
      expect(priceOf(await prices(t, admin), 'image_variation', 'premium')).toBeDefined();
      expect(await auditOf(t, admin)).toEqual([]);
    });

    it.each([
      [{ user_cost_credits: '0.25' }, 'id'],
      [{ id: 1, user_cost_credits: 'x' }, 'user_cost_credits'],
      [{ id: 1, service_type: '' }, 'service_type'],
      [{ id: 1, margin_percent: '10.0' }, 'margin_percent'],
    ])('delete refuses %j with 400 naming the field, and changes nothing', async (body, field) => {
      const before = await prices(t, admin);
      const res = await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body });
      expect(res.statusCode).toBe(400);
      expect(error(res).field).toBe(field);
      expect(await prices(t, admin)).toEqual(before);
      expect(await auditOf(t, admin)).toEqual([]);
    });
  });

  describe('POST /api/admin/pricing-sync', () => {
    it('adds the missing catalogue prices and never overwrites an edited one', async () => {
      const list = await prices(t, admin);
      await t.call('POST', '/api/admin/settings/pricing/update', { session: admin, body: { id: priceOf(list, 'caption')!.id, user_cost_credits: '0.07' } });
      await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body: { id: priceOf(list, 'image_variation')!.id } });
      await t.call('POST', '/api/admin/settings/pricing/delete', { session: admin, body: { id: priceOf(list, 'upscale', 'replicate_4x_high_quality')!.id } });
      await t.database.db.delete(adminAudit);

      const res = await t.call('POST', '/api/admin/pricing-sync', { session: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ message: 'Added 2 missing catalogue prices.', updated_count: 2 });
      const after = await prices(t, admin);
      expect(priceOf(after, 'caption')!.user_cost_credits).toBe('0.0700');
      expect(priceOf(after, 'image_variation')!.user_cost_credits).toBe('0.2500');
      expect(after).toHaveLength(DEFAULT_PRICING.length);
      expect((await auditOf(t, admin)).map((a) => a.action)).toEqual(['pricing.sync', 'pricing.sync']);

      expect((await t.call('POST', '/api/admin/pricing-sync', { session: admin })).json().data).toEqual({ message: 'Every catalogue price is already in the table.', updated_count: 0 });
    });
  });

  describe('copy to production', () => {
    it('is not offered on a host that is not development (404), and the import is off without a token (404)', async () => {
      expect((await t.call('POST', '/api/admin/pricing-sync-to-prod', { session: admin })).statusCode).toBe(404);
      const res = await t.call('POST', '/api/pricing/import', { body: { pricing: [] }, headers: { authorization: 'Bearer whatever' } });
      expect(res.statusCode).toBe(404);
    });
  });
});

describe("the transcription module uses the admin's engine", () => {
  let t: TestApp;
  let deepgram: FakeDeepgram;
  let openai: FakeOpenAi;
  let admin: TestSession;
  beforeAll(async () => {
    deepgram = await startFakeDeepgram();
    openai = await startFakeOpenAi();
    t = await createTestApp({ DEEPGRAM_API_KEY: deepgram.apiKey, DEEPGRAM_BASE_URL: deepgram.url, OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url, AI_IMAGE_PROVIDER: 'local' });
    t.holdJobs();
    admin = await t.make.user({ admin: true });
  });
  afterAll(async () => {
    await t?.close();
    await deepgram?.close();
    await openai?.close();
  });

  const tone = wavOf(new Int16Array(16_000 * 5).map((_, i) => Math.round(3000 * Math.sin(i / 6))));
  async function transcribe(s: TestSession) {
    const raw = multipartBody([
      { name: 'refinement_type', data: 'raw' },
      { name: 'audio_file', filename: 'call.wav', contentType: 'audio/wav', data: tone },
    ]);
    const res = await t.call('POST', '/api/transcriptions', { session: s, raw });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().data as { uuid: string; job_id: string };
    await t.app.services.transcriptions.runJob(started.job_id, 0);
    return (await t.call('GET', `/api/transcriptions/${started.uuid}`, { session: s })).json().data as { provider: string; raw_transcription: string };
  }

  it('auto follows the server (Deepgram first); a saved choice is used by the next transcription', async () => {
    const s = await t.make.user({ credits: '5' });
    const settings = data(await t.call('GET', '/api/admin/settings/transcription', { session: admin }), transcriptionSettingsResponse);
    expect(settings.auto_engine).toBe('Deepgram');
    expect(settings.providers.filter((p) => p.configured).map((p) => p.id)).toEqual(expect.arrayContaining(['auto', 'deepgram', 'openai']));

    deepgram.setTranscript('heard by deepgram', 5);
    openai.setTranscript('heard by openai', 5);
    expect(await transcribe(s)).toMatchObject({ provider: 'Deepgram', raw_transcription: 'heard by deepgram' });

    const saved = await t.call('POST', '/api/admin/settings/transcription', { session: admin, body: { provider: 'openai', pricing_per_minute: '0.006' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await transcribe(s)).toMatchObject({ provider: 'OpenAI', raw_transcription: 'heard by openai' });

    await t.call('POST', '/api/admin/settings/transcription', { session: admin, body: { provider: 'auto', pricing_per_minute: '0.006' } });
    expect(await transcribe(s)).toMatchObject({ provider: 'Deepgram' });
  });

  it("quotes the chosen engine on GET /api/ai/engines, so the price shown is the price charged", async () => {
    const s = await t.make.user();
    const engine = async () => (await t.call('GET', '/api/ai/engines', { session: s })).json().data.tools.transcription as { engine: string; variant: string; preview: boolean };
    const choose = async (provider: string) =>
      expect((await t.call('POST', '/api/admin/settings/transcription', { session: admin, body: { provider, pricing_per_minute: '0.01' } })).statusCode).toBe(200);

    await choose('auto');
    expect(await engine()).toMatchObject({ engine: 'deepgram', variant: 'raw', preview: false });
    await choose('openai');
    expect(await engine()).toMatchObject({ engine: 'openai', variant: 'raw' });
    // The local draft engine has its own price variant: quoted as soon as the admin picks it.
    await choose('local');
    expect(await engine()).toMatchObject({ engine: 'local', variant: 'local', preview: true });
    await choose('auto');
    expect(await engine()).toMatchObject({ engine: 'deepgram' });
  });
});
