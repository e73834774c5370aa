import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerStatusResponse } from '../../../contract/admin-providers.ts';
import { generations } from '../../db/schema/index.ts';
import { DEEPGRAM_DEFAULTS } from '../../providers/ai/deepgram.ts';
import { GEMINI_DEFAULTS } from '../../providers/ai/gemini.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';

const URL = '/api/admin/settings/providers';
const MIN = 60_000;
const DAY = 86_400_000;
const KEYS = { GEMINI_API_KEY: 'gemini-secret-key-1', REPLICATE_API_TOKEN: 'r8_secret-token-2', OPENAI_API_KEY: 'sk-secret-key-3' };
const retired = { setting: 'GEMINI_IMAGE_MODEL', model: 'gemini-2.5-flash-image', reason: 'the model is retired or unknown' };
const billing = { setting: 'REPLICATE_API_TOKEN', reason: 'the account is out of credits' };

describe('GET /api/admin/settings/providers', () => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ ...KEYS, OPENAI_BASE_URL: 'https://proxy-user:proxy-pass@llm.example.com/v1?key=query-secret-4', GEMINI_TEXT_MODEL: 'gemini-text-x' });
    admin = await t.make.user({ admin: true });
    user = await t.make.user();
  });
  afterAll(() => t?.close());
  beforeEach(() => t.database.db.delete(generations));

  /** A failed generation `ago` ms before now, with the fix it recorded (null: a failure that is not the operator's). */
  const failed = (provider: string, fix: typeof retired | typeof billing | null, ago: number) => {
    const at = new Date(t.clock.now().getTime() - ago);
    return {
      userId: user.userId,
      tool: 'thumbnail-generator',
      serviceType: 'thumbnail',
      provider,
      status: 'failed' as const,
      errorClass: fix ? 'unavailable' : 'server',
      providerFix: fix,
      createdAt: new Date(at.getTime() - 2000),
      completedAt: at,
    };
  };

  it('lists the providers with their model settings, and groups the last 7 days of failures by the setting to change, newest first', async () => {
    await t.database.db.insert(generations).values([
      failed('Gemini', retired, 5 * MIN),
      failed('Gemini', retired, 2 * DAY),
      failed('Gemini', retired, 3 * MIN),
      failed('Replicate', billing, 30 * MIN),
      // Left out: older than 7 days, and failures with no fix.
      failed('Gemini', retired, 8 * DAY),
      failed('Replicate', billing, 9 * DAY),
      failed('Gemini', null, MIN),
      { ...failed('OpenAI', null, MIN), status: 'completed' as const, errorClass: null },
    ]);
    const res = await t.call('GET', URL, { session: admin });
    expect(res.statusCode, res.body).toBe(200);
    const answer = data(res, providerStatusResponse);

    const now = t.clock.now().getTime();
    expect(answer.problems).toEqual([
      {
        provider: 'Gemini',
        ...retired,
        failures: 3,
        first_at: new Date(now - 2 * DAY).toISOString(),
        last_at: new Date(now - 3 * MIN).toISOString(),
      },
      { provider: 'Replicate', ...billing, model: null, failures: 1, first_at: new Date(now - 30 * MIN).toISOString(), last_at: new Date(now - 30 * MIN).toISOString() },
    ]);

    expect(answer.providers.map((p) => [p.name, p.configured])).toEqual([
      ['Gemini', true],
      ['OpenAI-compatible', true],
      ['Replicate', true],
      ['Deepgram', false],
    ]);
    const gemini = answer.providers[0]!.settings;
    // A setting that is set shows its value; an unset one shows the adapter's default.
    expect(gemini).toEqual([
      { setting: 'GEMINI_IMAGE_MODEL', value: GEMINI_DEFAULTS.imageModel },
      { setting: 'GEMINI_TEXT_MODEL', value: 'gemini-text-x' },
    ]);
    expect(answer.providers[1]!.settings[0]).toEqual({ setting: 'OPENAI_BASE_URL', value: 'https://llm.example.com/v1' });
    expect(answer.providers[3]!.settings).toEqual([{ setting: 'DEEPGRAM_MODEL', value: DEEPGRAM_DEFAULTS.model }]);

    // No key, nor anything a base URL carried beside the address, is ever answered.
    for (const secret of [...Object.values(KEYS), 'proxy-pass', 'proxy-user', 'query-secret-4']) expect(res.body).not.toContain(secret);
  });

  it('keeps at most 20 groups, the most recent', async () => {
    await t.database.db
      .insert(generations)
      .values(Array.from({ length: 22 }, (_, i) => failed('Gemini', { ...retired, model: `model-${i}` }, (i + 1) * MIN)));
    const { problems } = data(await t.call('GET', URL, { session: admin }), providerStatusResponse);
    expect(problems).toHaveLength(20);
    expect(problems[0]!.model).toBe('model-0');
    expect(problems.at(-1)!.model).toBe('model-19');
  });

  it('answers an empty problem list when nothing failed for a setting', async () => {
    const { problems } = data(await t.call('GET', URL, { session: admin }), providerStatusResponse);
    expect(problems).toEqual([]);
  });

  it('refuses a user who is not an admin (403) and a caller without a session (401)', async () => {
    const refused = await t.call('GET', URL, { session: user });
    expect(refused.statusCode).toBe(403);
    expect(error(refused).code).toBeTruthy();
    expect((await t.call('GET', URL)).statusCode).toBe(401);
  });
});
