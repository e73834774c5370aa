import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiEnginesResponse } from '../../../contract/ai.ts';
import { toolPricingResponse } from '../../../contract/pricing.ts';
import {
  LOCAL_DRAFT_LABEL,
  TRANSCRIPTION_MESSAGES,
  transcriptionListResponse,
  transcriptionSchema,
  transcriptionStarted,
  transcriptionStatusResponse,
} from '../../../contract/transcriptions.ts';
import { contentItems, files, generations, transcriptions } from '../../db/schema/index.ts';
import { transcriptionJobs } from './jobs.ts';
import { wavOf } from '../../providers/ai/speech/audio.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { startFakeDeepgram, type FakeDeepgram } from '../../test-support/fake-ai/deepgram.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/fake-ai/openai.ts';
import { makePng } from '../../test-support/media.ts';
import { spokenWav, wordErrorRate } from '../../test-support/speech.ts';

/** A 16 kHz mono WAV of `seconds` of a quiet tone: a real recording whose container states its duration. */
const toneWav = (seconds: number) => wavOf(new Int16Array(Math.round(seconds * 16_000)).map((_, i) => Math.round(3000 * Math.sin(i / 6))));

/** The spec's multipart body: audio_file and refinement_type. */
function multipart(fields: { audio?: Buffer; filename?: string; type?: string; fieldName?: string }) {
  const boundary = `----ampkit${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (fields.type !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="refinement_type"\r\n\r\n${fields.type}\r\n`));
  }
  if (fields.audio) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fields.fieldName ?? 'audio_file'}"; filename="${fields.filename ?? 'team call.wav'}"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      fields.audio,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

function harness(settings: () => Record<string, string>, before?: () => Promise<void>) {
  const h = {} as { t: TestApp };
  beforeAll(async () => {
    await before?.();
    h.t = await createTestApp(settings());
    // Jobs are run by hand here, as a worker would run them.
    h.t.holdJobs();
  });
  afterAll(() => h.t?.close());
  return h;
}

async function start(t: TestApp, s: TestSession, fields: Parameters<typeof multipart>[0], headers: Record<string, string> = {}) {
  return t.call('POST', '/api/transcriptions', { session: s, raw: multipart(fields), headers });
}

describe('transcription through Deepgram (the money)', () => {
  let deepgram: FakeDeepgram;
  let openai: FakeOpenAi;
  const h = harness(
    () => ({
      TRANSCRIPTION_PROVIDER: 'deepgram',
      DEEPGRAM_API_KEY: deepgram.apiKey,
      DEEPGRAM_BASE_URL: deepgram.url,
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.url,
      AI_IMAGE_PROVIDER: 'local',
    }),
    async () => {
      deepgram = await startFakeDeepgram();
      openai = await startFakeOpenAi();
    },
  );
  afterAll(async () => {
    await deepgram?.close();
    await openai?.close();
  });

  it('reads the duration before holding minutes x the per-minute price, then captures the real duration’s price', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '5' });
    const engines = data(await t.call('GET', '/api/ai/engines', { session: s }), aiEnginesResponse).tools;
    expect(engines.transcription).toMatchObject({ engine: 'deepgram', label: 'Deepgram', preview: false, variant: 'raw' });
    // 150 s → 3 billable minutes x 0.30 (summary) = 0.90 held.
    const res = await start(t, s, { audio: toneWav(150), type: 'summary' });
    expect(res.statusCode, res.body).toBe(200);
    const started = data(res, transcriptionStarted);
    expect(started).toMatchObject({ estimated_cost: '0.9000', draft: false });
    expect(started.audio_duration_seconds).toBeCloseTo(150, 0);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '5.0000', held: '0.9000' });
    const pending = data(await t.call('GET', `/api/transcriptions/status?uuid=${started.uuid}`, { session: s }), transcriptionStatusResponse);
    expect(pending.status).toBe('pending');

    // The engine heard 100 s: 2 minutes x 0.30 are charged, the rest released. The refinement comes from the chat model.
    deepgram.setTranscript('We agreed to launch in May. Anna will write the brief.', 100);
    openai.setChatText('The team agreed to launch in May; Anna writes the brief.');
    await t.app.services.transcriptions.runJob(started.job_id, 0);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '4.4000', held: '0.0000' });
    const done = data(await t.call('GET', `/api/transcriptions/${started.uuid}`, { session: s }), transcriptionSchema);
    expect(done).toMatchObject({
      status: 'completed',
      source: 'web',
      title: 'team call',
      raw_transcription: 'We agreed to launch in May. Anna will write the brief.',
      refined_content: { content: 'The team agreed to launch in May; Anna writes the brief.', type: 'summary' },
      refinement_type: 'summary',
      audio_duration_seconds: 100,
      cost_credits: '0.6000',
      provider: 'Deepgram',
      draft: false,
      draft_label: null,
      has_timings: true,
      audio_url: expect.stringMatching(/^\/api\/files\/serve\/[0-9a-f-]{36}$/),
    });
    // The summary was asked with its own instruction.
    expect(JSON.stringify(openai.requests.at(-1)!.json)).toMatch(/Summarise this transcript/);
    // The audio is served with Range.
    const audio = await t.call('GET', `${done.audio_url}`, { session: s, headers: { range: 'bytes=0-11' } });
    expect(audio.statusCode).toBe(206);
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('a provider failure costs nothing: the hold is released and the item says why', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '2' });
    const started = data(await start(t, s, { audio: toneWav(30), type: 'raw' }), transcriptionStarted);
    deepgram.failNext('server');
    await t.app.services.transcriptions.runJob(started.job_id, 0);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '2.0000', held: '0.0000' });
    const failed = data(await t.call('GET', `/api/transcriptions/status?uuid=${started.uuid}`, { session: s }), transcriptionStatusResponse);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toBeTruthy();
    // A second delivery of the settled job does nothing.
    await t.app.services.transcriptions.runJob(started.job_id, 0);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '2.0000', held: '0.0000' });
  });

  it('a worker that died mid-transcription: the queue runs the job again, which finishes it and charges once', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '2' });
    const started = data(await start(t, s, { audio: toneWav(30), type: 'raw' }), transcriptionStarted);
    // What a worker killed while transcribing attempt 0 leaves: the generation claimed, processing, nothing recorded.
    await t.database.db.update(generations).set({ status: 'processing', attempts: 1 }).where(eq(generations.id, started.job_id));
    // The queue retries a job whose worker stopped beating (server/jobs/queue.ts): the job allows it.
    const [job] = transcriptionJobs(t.app.services.transcriptions);
    expect(job!.retryLimit).toBeGreaterThanOrEqual(1);
    // A late second delivery of the dead attempt does nothing; the retry does the work.
    await t.app.services.transcriptions.runJob(started.job_id, 0);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '2.0000', held: '0.1000' });
    deepgram.setTranscript('Back after the crash.', 30);
    await t.app.services.transcriptions.runJob(started.job_id, 1);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '1.9000', held: '0.0000' });
    const done = data(await t.call('GET', `/api/transcriptions/${started.uuid}`, { session: s }), transcriptionSchema);
    expect(done).toMatchObject({ status: 'completed', raw_transcription: 'Back after the crash.', cost_credits: '0.1000' });
  });

  it('20 starts at once with credits for 5: exactly 5 are accepted, the rest answer 402 with the numbers', async () => {
    const { t } = h;
    // One minute of raw transcription costs 0.10: 0.50 pays for five.
    const s = await t.make.user({ credits: '0.5' });
    const audio = toneWav(20);
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(t, s, { audio, type: 'raw' })));
    const accepted = answers.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(5);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(402);
      expect(error(refused)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required_credits: '0.1000', available_credits: '0.0000' });
    }
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '0.5000', held: '0.5000' });
    const [rows] = await Promise.all([t.database.db.select().from(transcriptions).where(eq(transcriptions.userId, s.userId))]);
    expect(rows).toHaveLength(5);
  });

  it('refuses what it cannot price before holding anything', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '5' });
    const cases: Array<[Parameters<typeof multipart>[0], number, string | RegExp]> = [
      [{ type: 'raw' }, 400, TRANSCRIPTION_MESSAGES.missingFile],
      [{ audio: toneWav(5), fieldName: 'file' }, 400, TRANSCRIPTION_MESSAGES.missingFile],
      [{ audio: toneWav(5), type: 'poem' }, 400, /refinement_type must be one of raw, refined/],
      [{ audio: Buffer.from('<html><script>alert(1)</script></html>'.repeat(4)) }, 415, TRANSCRIPTION_MESSAGES.invalidType],
      [{ audio: await makePng(40, 40) }, 415, TRANSCRIPTION_MESSAGES.invalidType],
      // A WAV header with no samples: no duration can be read.
      [{ audio: wavOf(new Int16Array(0)) }, 415, /could not be read/],
    ];
    for (const [fields, status, message] of cases) {
      const res = await start(t, s, fields);
      expect(res.statusCode, res.body).toBe(status);
      expect(error(res).message).toMatch(message);
    }
    const notMultipart = await t.call('POST', '/api/transcriptions', { session: s, body: { refinement_type: 'raw' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '5.0000', held: '0.0000' });
    expect(await t.database.db.select().from(generations).where(eq(generations.userId, s.userId))).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toEqual([]);
  });

  it('lists, searches, renames, edits, downloads (text and subtitles) and deletes; another user sees none of it', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '5' });
    const other = await t.make.user({ credits: '5' });
    deepgram.setTranscript('Budget review for the spring campaign.', 6);
    const started = data(await start(t, s, { audio: toneWav(12), type: 'raw', filename: 'budget.wav' }), transcriptionStarted);
    await t.app.services.transcriptions.runJob(started.job_id, 0);

    const list = data(await t.call('GET', '/api/transcriptions?q=spring', { session: s }), transcriptionListResponse).transcriptions;
    expect(list.map((x) => x.uuid)).toEqual([started.uuid]);
    expect(data(await t.call('GET', '/api/transcriptions?q=winter', { session: s }), transcriptionListResponse).transcriptions).toEqual([]);
    expect(data(await t.call('GET', '/api/transcriptions?source=telegram', { session: s }), transcriptionListResponse).transcriptions).toEqual([]);

    const blank = await t.call('PUT', `/api/transcriptions/${started.uuid}/title`, { session: s, body: { title: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(error(blank).message).toBe(TRANSCRIPTION_MESSAGES.titleEmpty);
    const renamed = data(await t.call('PUT', `/api/transcriptions/${started.uuid}/title`, { session: s, body: { title: 'Spring budget' } }), transcriptionSchema);
    expect(renamed.title).toBe('Spring budget');
    const edited = data(await t.call('PUT', `/api/transcriptions/${started.uuid}/content`, { session: s, body: { content: 'Budget review, spring.' } }), transcriptionSchema);
    expect(edited.raw_transcription).toBe('Budget review, spring.');

    const txt = await t.call('GET', `/api/transcriptions/${started.uuid}/download?format=txt`, { session: s });
    expect(txt.headers['content-disposition']).toBe('attachment; filename="Spring-budget.txt"');
    expect(txt.body).toBe('Budget review, spring.\n');
    const srt = await t.call('GET', `/api/transcriptions/${started.uuid}/download?format=srt`, { session: s });
    expect(srt.body).toMatch(/^1\n00:00:00,000 --> 00:00:06,000\nBudget review for the spring campaign\.\n/);
    const vtt = await t.call('GET', `/api/transcriptions/${started.uuid}/download?format=vtt`, { session: s });
    expect(vtt.body.startsWith('WEBVTT\n\n00:00:00.000 --> ')).toBe(true);

    // Another user's id is not found, whatever the call; a malformed id is refused, never a 500.
    for (const [method, url, body] of [
      ['GET', `/api/transcriptions/${started.uuid}`, undefined],
      ['GET', `/api/transcriptions/status?uuid=${started.uuid}`, undefined],
      ['GET', `/api/transcriptions/${started.uuid}/download`, undefined],
      ['PUT', `/api/transcriptions/${started.uuid}/title`, { title: 'mine' }],
      ['PUT', `/api/transcriptions/${started.uuid}/content`, { content: 'mine' }],
      ['DELETE', `/api/transcriptions/${started.uuid}`, undefined],
    ] as const) {
      const res = await t.call(method, url, { session: other, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(error(res).message).toBe(TRANSCRIPTION_MESSAGES.notFound);
    }
    expect((await t.call('GET', '/api/transcriptions/not-a-uuid', { session: s })).statusCode).toBe(400);
    expect(data(await t.call('GET', '/api/transcriptions', { session: other }), transcriptionListResponse).transcriptions).toEqual([]);

    const fileId = (await t.database.db.select().from(transcriptions).where(eq(transcriptions.id, started.uuid)))[0]!.fileId!;
    expect((await t.call('DELETE', `/api/transcriptions/${started.uuid}`, { session: s })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/transcriptions/${started.uuid}`, { session: s })).statusCode).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
  });

  it('a transcription still running cannot be deleted (its job would find it gone)', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '5' });
    const started = data(await start(t, s, { audio: toneWav(5) }), transcriptionStarted);
    const res = await t.call('DELETE', `/api/transcriptions/${started.uuid}`, { session: s });
    expect(res.statusCode).toBe(409);
    expect(error(res).message).toBe(TRANSCRIPTION_MESSAGES.deleteWhileRunning);
  });

  it('refines a text for the bot at the type’s price per spoken minute, saved as a content item', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '1' });
    openai.setChatText('- [ ] Anna: write the brief by Friday');
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const out = await t.app.services.transcriptions.refineText({ userId: s.userId, text: `Anna will write the brief by Friday. ${words}`, type: 'action_points' });
    // 207 words are two spoken minutes: 2 x 0.30.
    expect(out).toEqual({ text: '- [ ] Anna: write the brief by Friday', charged: '0.6000', draft: false });
    const saved = await t.database.db.select().from(contentItems).where(and(eq(contentItems.userId, s.userId)));
    expect(saved.map((c) => c.content)).toEqual(['- [ ] Anna: write the brief by Friday']);
  });
});

describe('transcription through Deepgram without a text provider (the local composer refines)', () => {
  let deepgram: FakeDeepgram;
  const h = harness(
    () => ({ TRANSCRIPTION_PROVIDER: 'deepgram', DEEPGRAM_API_KEY: deepgram.apiKey, DEEPGRAM_BASE_URL: deepgram.url, AI_IMAGE_PROVIDER: 'local' }),
    async () => {
      deepgram = await startFakeDeepgram();
    },
  );
  afterAll(() => deepgram?.close());

  it('a summary of a real multi-sentence transcript is shorter and made of its sentences; the raw price is charged', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '2' });
    const started = data(await start(t, s, { audio: toneWav(50), type: 'summary' }), transcriptionStarted);
    // The local composer's refinement is not priced: the raw price is held.
    expect(started.estimated_cost).toBe('0.1000');
    const said = [
      'Thanks for joining the launch call.',
      'The launch budget is ten thousand dollars and most of it goes to launch ads.',
      'The traffic was terrible this morning.',
      'Anna will write the launch brief by Friday.',
      'We agreed that the launch ads start in May.',
      'My coffee went cold.',
    ].join(' ');
    deepgram.setTranscript(said, 50);
    await t.app.services.transcriptions.runJob(started.job_id, 0);
    const done = data(await t.call('GET', `/api/transcriptions/${started.uuid}`, { session: s }), transcriptionSchema);
    const summary = done.refined_content!.content;
    expect(summary.length).toBeLessThan(said.length / 2);
    for (const sentence of summary.split(/(?<=\.)\s+/)) expect(said).toContain(sentence);
    expect(done.refinement_note).toBeNull();
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '1.9000', held: '0.0000' });
  });

  it('a summary that would only repeat the transcript is not made and says so (issue 26: a capital letter added)', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '2' });
    const started = data(await start(t, s, { audio: toneWav(20), type: 'summary' }), transcriptionStarted);
    deepgram.setTranscript('we agreed to launch in may', 20);
    await t.app.services.transcriptions.runJob(started.job_id, 0);
    const done = data(await t.call('GET', `/api/transcriptions/${started.uuid}`, { session: s }), transcriptionSchema);
    expect(done).toMatchObject({ status: 'completed', raw_transcription: 'we agreed to launch in may', refined_content: null, refinement_type: 'summary' });
    expect(done.refinement_note).toBe(TRANSCRIPTION_MESSAGES.refinementUnchanged('Summary'));
    // The transcript's raw minute only: nothing for the summary that was not made.
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '1.9000', held: '0.0000' });
  });

  it('a text sent to be refined that would come back unchanged is refused before anything is held; a real one is charged', async () => {
    const { t } = h;
    await t.setPrice('transcription', 'local', '0.05');
    try {
      const s = await t.make.user({ credits: '1' });
      for (const [text, type] of [
        ['We met on Friday.', 'summary'],
        ['we met on friday', 'refined'],
      ] as const) {
        await expect(t.app.services.transcriptions.refineText({ userId: s.userId, text, type })).rejects.toMatchObject({
          status: 400,
          message: TRANSCRIPTION_MESSAGES.textUnchanged(type === 'summary' ? 'Summary' : 'Refined'),
        });
      }
      expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '1.0000', held: '0.0000' });
      expect(await t.database.db.select().from(generations).where(eq(generations.userId, s.userId))).toEqual([]);
      expect(await t.database.db.select().from(contentItems).where(eq(contentItems.userId, s.userId))).toEqual([]);

      const out = await t.app.services.transcriptions.refineText({ userId: s.userId, text: 'um so we we met on friday uh', type: 'refined' });
      expect(out).toEqual({ text: 'So we met on friday.', charged: '0.0500', draft: true });
      expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '0.9500', held: '0.0000' });
    } finally {
      await t.setPrice('transcription', 'local', '0');
    }
  });
});

describe('transcription without any speech provider', () => {
  const h = harness(() => ({ TRANSCRIPTION_PROVIDER: 'none' }));
  it('answers 503 with the spec’s message and holds nothing', async () => {
    const s = await h.t.make.user({ credits: '5' });
    const engines = data(await h.t.call('GET', '/api/ai/engines', { session: s }), aiEnginesResponse).tools;
    expect(engines.transcription).toMatchObject({ engine: 'none', label: 'Not set up' });
    const res = await start(h.t, s, { audio: toneWav(5) });
    expect(res.statusCode).toBe(503);
    expect(error(res).message).toBe(TRANSCRIPTION_MESSAGES.settingUp);
    expect(await h.t.app.services.credits.audit(s.userId)).toMatchObject({ held: '0.0000' });
  });
});

describe('transcription on the local draft engine (pocketsphinx)', () => {
  const h = harness(() => ({ TRANSCRIPTION_PROVIDER: 'local' }));
  it('transcribes spoken English for free, labelled a draft everywhere, with subtitles', async () => {
    const { t } = h;
    const s = await t.make.user({ credits: '1' });
    const engines = data(await t.call('GET', '/api/ai/engines', { session: s }), aiEnginesResponse).tools;
    expect(engines.transcription).toMatchObject({ engine: 'local', label: 'Local engine', preview: true, variant: 'local' });
    // The tool card quotes the engine that runs: the draft engine's own price (seeded 0).
    const card = data(await t.call('GET', '/api/pricing/tools'), toolPricingResponse).tool_pricing['Audio Transcription'];
    expect(card).toMatchObject({ service_variant: 'local', dollar_amount: '0.00' });
    const said = 'Please send the quarterly report to the marketing team by Friday. We will review the numbers together next week.';
    const audio = spokenWav(said, { voice: 'en-us+f2', speed: 130 });
    const started = data(await start(t, s, { audio, type: 'action_points', filename: 'notes.wav' }), transcriptionStarted);
    expect(started).toMatchObject({ estimated_cost: '0.0000', draft: true });
    await t.app.services.transcriptions.runJob(started.job_id, 0);
    const done = data(await t.call('GET', `/api/transcriptions/${started.uuid}`, { session: s }), transcriptionSchema);
    expect(done).toMatchObject({ status: 'completed', draft: true, draft_label: LOCAL_DRAFT_LABEL, provider: 'Local engine', cost_credits: '0.0000', has_timings: true });
    // A draft: many words wrong, but recognisably the recording (the engine's own test bounds its error rate).
    expect(wordErrorRate(said, done.raw_transcription!)).toBeLessThan(0.8);
    // The action points were composed locally: a checklist, or an honest none.
    expect(done.refined_content?.content).toMatch(/^- |No action points/);
    const txt = await t.call('GET', `/api/transcriptions/${started.uuid}/download`, { session: s });
    expect(txt.body.startsWith(`${LOCAL_DRAFT_LABEL}\n\n`)).toBe(true);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '1.0000', held: '0.0000' });
  }, 120_000);

  it("refuses a devil's advocate of a draft before holding anything", async () => {
    const s = await h.t.make.user({ credits: '1' });
    const res = await start(h.t, s, { audio: toneWav(5), type: 'devils_advocate' });
    expect(res.statusCode).toBe(400);
    expect(error(res).message).toBe(TRANSCRIPTION_MESSAGES.draftRefinementUnavailable);
  });

  it('a priced local draft charges its own `local` price, never the provider’s', async () => {
    const { t } = h;
    await t.setPrice('transcription', 'local', '0.02');
    const s = await t.make.user({ credits: '1' });
    const started = data(await start(t, s, { audio: toneWav(61), type: 'summary' }), transcriptionStarted);
    expect(started.estimated_cost).toBe('0.0400');
    await t.setPrice('transcription', 'local', '0');
  });
});
