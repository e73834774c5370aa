import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEGRAM_MESSAGES, telegramLinkResponse, telegramStatusResponse } from '../../../contract/telegram.ts';
import { transcriptions } from '../../db/schema/index.ts';
import { wavOf } from '../../providers/ai/speech/audio.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { makePng } from '../../test-support/media.ts';
import { startFakeDeepgram, type FakeDeepgram } from '../../test-support/fake-ai/deepgram.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/fake-ai/openai.ts';
import { startFakeTelegram, type FakeChatUser, type FakeTelegram } from '../../test-support/fake-telegram.ts';

const toneWav = (seconds: number) => wavOf(new Int16Array(Math.round(seconds * 16_000)).map((_, i) => Math.round(3000 * Math.sin(i / 6))));
const tokenOf = (deepLink: string) => new URL(deepLink).searchParams.get('start')!;

describe('the Telegram bot by long polling (through a fake Bot API)', () => {
  let tg: FakeTelegram;
  let deepgram: FakeDeepgram;
  let openai: FakeOpenAi;
  let t: TestApp;
  let s: TestSession;
  const chat: FakeChatUser = { id: 5001, username: 'sam_tg', first_name: 'Sam' };
  let jobIds: string[];

  beforeAll(async () => {
    tg = await startFakeTelegram();
    deepgram = await startFakeDeepgram();
    openai = await startFakeOpenAi();
    t = await createTestApp({
      TELEGRAM_BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.url,
      TRANSCRIPTION_PROVIDER: 'deepgram',
      DEEPGRAM_API_KEY: deepgram.apiKey,
      DEEPGRAM_BASE_URL: deepgram.url,
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.url,
      AI_IMAGE_PROVIDER: 'local',
    });
    jobIds = [];
    // Transcription jobs are run by hand here, as the worker would.
    t.holdJobs((_name, job) => jobIds.push((job as { generationId: string }).generationId));
    await t.app.services.telegram.startPolling();
    s = await t.make.user({ credits: '5', email: 'sam@example.com' });
  }, 120_000);
  afterAll(async () => {
    await t?.app.services.telegram.stop();
    await t?.close();
    await Promise.all([tg?.close(), deepgram?.close(), openai?.close()]);
  });

  async function say(text: string, from = chat, expect = 1): Promise<string[]> {
    const before = tg.messagesTo(from.id).length;
    tg.pushUpdate(tg.text(from, text));
    return (await tg.waitForMessages(from.id, before + expect)).slice(before);
  }

  async function connect(user: TestSession, from: FakeChatUser) {
    const link = data(await t.call('POST', '/api/telegram/generate-link', { session: user }), telegramLinkResponse);
    return say(`/start ${tokenOf(link.deep_link)}`, from);
  }

  it('an unlinked chat gets the link instructions and nothing else', async () => {
    const [reply] = await say('What is my balance?', { id: 7007 });
    expect(reply).toMatch(/not linked to an Ampkit account/);
    expect(reply).toContain('http://localhost:3000/dashboard');
    expect((await say('/balance', { id: 7007 }))[0]).toMatch(/not linked/);
  });

  it('links a chat through a one-time deep link: status shows it, the link works once', async () => {
    const before = data(await t.call('GET', '/api/telegram/status', { session: s }), telegramStatusResponse);
    expect(before).toMatchObject({ connected: false, telegram_username: null, configured: true, bot_username: tg.username });
    const link = data(await t.call('POST', '/api/telegram/generate-link', { session: s }), telegramLinkResponse);
    expect(link.deep_link).toMatch(new RegExp(`^https://t\\.me/${tg.username}\\?start=[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(link.deep_link);
    const [welcome] = await say(`/start ${token}`);
    expect(welcome).toContain('s***@example.com');
    const status = data(await t.call('GET', '/api/telegram/status', { session: s }), telegramStatusResponse);
    expect(status).toMatchObject({ connected: true, telegram_username: 'sam_tg' });
    expect(status.connected_at).not.toBeNull();
    // Used: it links nothing more.
    expect((await say(`/start ${token}`, { id: 7008 }))[0]).toMatch(/expired or was already used/);
    expect((await say('/start not-a-real-token', { id: 7008 }))[0]).toMatch(/expired or was already used/);
  });

  it('a link older than 15 minutes is refused', async () => {
    const other = await t.make.user();
    const link = data(await t.call('POST', '/api/telegram/generate-link', { session: other }), telegramLinkResponse);
    t.clock.advance(16 * 60_000);
    try {
      expect((await say(`/start ${tokenOf(link.deep_link)}`, { id: 7009 }))[0]).toMatch(/expired or was already used/);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
    expect(data(await t.call('GET', '/api/telegram/status', { session: other }), telegramStatusResponse).connected).toBe(false);
  });

  it('answers /balance, /buy, /help and /refine', async () => {
    expect((await say('/balance'))[0]).toBe('You have 5.00 credits available.');
    expect((await say('/buy'))[0]).toContain('http://localhost:3000/dashboard');
    expect((await say('/help'))[0]).toContain('/refine <type>');
    expect((await say('/refine poem'))[0]).toMatch(/Choose one of: raw, refined, summary/);
    expect((await say('/refine action_points'))[0]).toMatch(/Action points/);
    expect((await say('/refine summary'))[0]).toMatch(/Summary/);
  });

  it('refines text with the text provider, answers long text in pieces of at most 4096 on paragraphs, and charges for it', async () => {
    const paragraph = 'A point worth making about the launch. '.repeat(60).trim();
    openai.setChatText([paragraph, paragraph, paragraph, paragraph].join('\n\n'));
    const before = (await t.app.services.credits.account(s.userId)).available_credits;
    // Two paragraphs (4680 characters) do not fit one message: each of the four goes alone.
    const replies = await say('We met about the launch and agreed the dates. Anna writes the brief.', chat, 4);
    expect(replies).toHaveLength(4);
    expect(replies.every((r) => [...r].length <= 4096)).toBe(true);
    expect(replies.join('\n\n')).toBe([paragraph, paragraph, paragraph, paragraph].join('\n\n'));
    expect((await t.app.services.credits.account(s.userId)).available_credits).not.toBe(before);
  });

  it('a voice note becomes a transcription from telegram; its text comes back when the job completes', async () => {
    deepgram.setTranscript('Remember to call the printer on Monday.', 20);
    openai.setChatText('Call the printer on Monday.');
    const before = tg.messagesTo(chat.id).length;
    tg.pushUpdate(tg.media(chat, 'voice', toneWav(20), 'audio/ogg'));
    // The fake serves the voice note as an .ogg path, but its bytes are a WAV: the server decides by content.
    const [started] = (await tg.waitForMessages(chat.id, before + 1)).slice(before);
    expect(started).toMatch(/^Transcribing… about 0? ?\d+ min of audio, \d+\.\d{2} credits held/);
    const [row] = await t.database.db.select().from(transcriptions).where(eq(transcriptions.userId, s.userId));
    expect(row).toMatchObject({ source: 'telegram', telegramChatId: String(chat.id), refinementType: 'summary' });
    await t.app.services.transcriptions.runJob(jobIds.at(-1)!, 0);
    await t.app.services.notices.settled();
    const [done] = (await tg.waitForMessages(chat.id, before + 2)).slice(before + 1);
    expect(done).toContain('is ready.');
    expect(done).toContain(`http://localhost:3000/transcriptions/${row!.id}`);
    expect(done).toContain('Call the printer on Monday.');
  });

  it('a file over the 20 MB a bot may download is answered with a clear message, nothing started', async () => {
    const rows = (await t.database.db.select().from(transcriptions).where(eq(transcriptions.userId, s.userId))).length;
    const before = tg.messagesTo(chat.id).length;
    tg.pushUpdate(tg.media(chat, 'video', toneWav(1), 'video/mp4', 25 * 1024 * 1024));
    const [reply] = (await tg.waitForMessages(chat.id, before + 1)).slice(before);
    expect(reply).toMatch(/over 20 MB/);
    expect((await t.database.db.select().from(transcriptions).where(eq(transcriptions.userId, s.userId))).length).toBe(rows);
  });

  it('a short balance is answered with the numbers and /buy', async () => {
    const poor = await t.make.user({ credits: '0' });
    const poorChat = { id: 5002, username: 'poor_tg' };
    await connect(poor, poorChat);
    const [reply] = await say('Summarise this please, it is about our plans for spring.', poorChat);
    expect(reply).toMatch(/Insufficient credits/);
    expect(reply).toContain('/buy');
  });

  it('sends a test message to the linked chat; a user without a link gets 409', async () => {
    const before = tg.messagesTo(chat.id).length;
    expect((await t.call('POST', '/api/telegram/test-message', { session: s })).statusCode).toBe(200);
    expect((await tg.waitForMessages(chat.id, before + 1)).at(-1)).toMatch(/Test message from Ampkit/);
    const lonely = await t.make.user();
    const res = await t.call('POST', '/api/telegram/test-message', { session: lonely });
    expect(res.statusCode).toBe(409);
    expect(error(res).message).toBe(TELEGRAM_MESSAGES.notConnected);
  });

  it("a Bot API failure on the test message is a clear 502, and the app keeps running", async () => {
    tg.failNext('sendMessage', { status: 429, description: 'Too Many Requests: retry after 1', retry_after: 1 });
    const res = await t.call('POST', '/api/telegram/test-message', { session: s });
    expect(res.statusCode).toBe(502);
    expect(error(res).message).toMatch(/Telegram did not answer as expected/);
    tg.failNext('sendMessage', 'malformed');
    expect((await t.call('POST', '/api/telegram/test-message', { session: s })).statusCode).toBe(502);
    expect((await t.call('POST', '/api/telegram/test-message', { session: s })).statusCode).toBe(200);
  });

  it("job notices go to the job owner's chat only", async () => {
    const stranger = await t.make.user();
    const counts = () => tg.sent.length;
    const before = counts();
    t.app.services.notices.emit({ userId: stranger.userId, generationId: 'g-x', tool: 'mockup-generator', status: 'completed', title: 'Mockup Generator', path: '/gallery' });
    await t.app.services.notices.settled();
    expect(counts()).toBe(before);
    t.app.services.notices.emit({ userId: s.userId, generationId: 'g-y', tool: 'mockup-generator', status: 'failed', title: 'Mockup Generator', text: 'The mockup could not be made' });
    await t.app.services.notices.settled();
    expect(tg.messagesTo(chat.id).at(-1)).toBe('❌ Mockup Generator failed: The mockup could not be made. Nothing was charged.');
  });

  it("a charge that takes the balance below the user's low-balance alert is told in their chat, once", async () => {
    const spender = await t.make.user({ credits: '3' });
    const theirs: FakeChatUser = { id: 5077, username: 'low_tg', first_name: 'Lou' };
    await connect(spender, theirs);
    await t.setPrice('image_generation', 'local', '1');
    expect((await t.call('PUT', '/api/account/spending', { session: spender, body: { monthly_cap: null, low_balance_alert: '2.5' } })).statusCode).toBe(200);
    const before = tg.messagesTo(theirs.id).length;
    const morph = async () =>
      t.call('POST', '/api/ai/generate-image', { session: spender, body: { imageData: (await makePng(64, 48)).toString('base64'), userPrompt: 'make it black and white' } });
    // 3 → 2: crossed; 2 → 1: still below, not told again.
    expect((await morph()).statusCode).toBe(200);
    const [told] = (await tg.waitForMessages(theirs.id, before + 1)).slice(before);
    expect(told).toMatch(/^⚠️ Your balance is 2\.00 credits, below your alert of 2\.50\.\nhttp.*\/dashboard\?tab=credits$/);
    expect((await morph()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tg.messagesTo(theirs.id)).toHaveLength(before + 1);
    await t.setPrice('image_generation', 'local', '0');
  });

  it('disconnecting unlinks the chat: it gets the instructions again', async () => {
    expect((await t.call('DELETE', '/api/telegram/connection', { session: s })).statusCode).toBe(200);
    expect(data(await t.call('GET', '/api/telegram/status', { session: s }), telegramStatusResponse).connected).toBe(false);
    expect((await say('/balance'))[0]).toMatch(/not linked/);
    // Disconnecting twice is fine.
    expect((await t.call('DELETE', '/api/telegram/connection', { session: s })).statusCode).toBe(200);
  });
});

describe('the Telegram bot by webhook', () => {
  let tg: FakeTelegram;
  let t: TestApp;
  const sent: Array<{ update: { update_id: number } }> = [];
  const SECRET = 'a-webhook-secret_123';

  beforeAll(async () => {
    tg = await startFakeTelegram();
    t = await createTestApp({ TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.url, TELEGRAM_WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://ampkit.example' });
    t.holdJobs((_name, job) => sent.push(job as never));
    await t.app.services.telegram.startPolling();
  });
  afterAll(async () => {
    await t?.app.services.telegram.stop();
    await t?.close();
    await tg?.close();
  });

  it('registers the webhook with its secret instead of polling', () => {
    expect(tg.webhook).toEqual({ url: 'https://ampkit.example/api/telegram/webhook', secret_token: SECRET });
    expect(tg.calls.some((c) => c.method === 'getUpdates')).toBe(false);
  });

  it('refuses a wrong or missing secret, takes a good update at once and handles a replay once', async () => {
    const update = { update_id: 42, ...tg.text({ id: 9001 }, 'hello') };
    const post = (headers: Record<string, string>) => t.call('POST', '/api/telegram/webhook', { body: update, headers });
    expect((await post({})).statusCode).toBe(401);
    expect((await post({ 'x-telegram-bot-api-secret-token': 'wrong' })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/telegram/webhook', { body: { nope: true }, headers: { 'x-telegram-bot-api-secret-token': SECRET } })).statusCode).toBe(400);
    expect((await post({ 'x-telegram-bot-api-secret-token': SECRET })).statusCode).toBe(200);
    expect((await post({ 'x-telegram-bot-api-secret-token': SECRET })).statusCode).toBe(200);
    expect(sent.map((j) => j.update.update_id)).toEqual([42, 42]);
    // The worker handles both deliveries; only the first is answered.
    for (const job of sent) await t.app.services.telegram.handleUpdate(job.update as never);
    expect(tg.messagesTo(9001)).toHaveLength(1);
    expect(tg.messagesTo(9001)[0]).toMatch(/not linked/);
  });
});

describe('without a bot token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('says it is not configured, and links nothing', async () => {
    const s = await t.make.user();
    expect(data(await t.call('GET', '/api/telegram/status', { session: s }), telegramStatusResponse)).toEqual({
      connected: false,
      telegram_username: null,
      connected_at: null,
      last_updated: null,
      configured: false,
      bot_username: null,
    });
    for (const url of ['/api/telegram/generate-link', '/api/telegram/test-message']) {
      const res = await t.call('POST', url, { session: s });
      expect(res.statusCode).toBe(503);
      expect(error(res).message).toContain(TELEGRAM_MESSAGES.notConfigured);
    }
    expect((await t.call('POST', '/api/telegram/webhook', { body: { update_id: 1 } })).statusCode).toBe(404);
  });
});

describe('with a token Telegram refuses (401)', () => {
  let tg: FakeTelegram;
  let t: TestApp;
  beforeAll(async () => {
    tg = await startFakeTelegram();
    t = await createTestApp({ TELEGRAM_BOT_TOKEN: '999:wrong-token', TELEGRAM_API_ROOT: tg.url });
  });
  afterAll(async () => {
    await t?.app.services.telegram.stop();
    await t?.close();
    await tg?.close();
  });

  it('starts without crashing, shows no bot name and answers a clear 502 instead of a link', async () => {
    await t.app.services.telegram.startPolling();
    const s = await t.make.user();
    expect(data(await t.call('GET', '/api/telegram/status', { session: s }), telegramStatusResponse)).toMatchObject({ configured: true, bot_username: null });
    const res = await t.call('POST', '/api/telegram/generate-link', { session: s });
    expect(res.statusCode).toBe(502);
    expect(error(res).message).toMatch(/Telegram did not answer as expected/);
  });
});
