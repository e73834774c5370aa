import { createHash } from 'node:crypto';
import { Bot, GrammyError, type Context } from 'grammy';
import { TELEGRAM_DOWNLOAD_LIMIT_BYTES } from '../../../contract/telegram.ts';
import { REFINEMENT_LABELS, REFINEMENT_TYPES, type RefinementType, type TranscriptionStarted } from '../../../contract/transcriptions.ts';
import type { Db } from '../../db/client.ts';
import type { TelegramLinkRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { maskEmail, splitMessage } from './messages.ts';
import * as repo from './repository.ts';

/** What the bot needs of the transcription module (its object satisfies this; see issue11 design). */
export interface TranscriptionsForBot {
  startFromAudio(input: {
    userId: string;
    audio: Buffer;
    filename: string;
    refinementType: RefinementType;
    source: 'web' | 'telegram' | 'api';
    telegramChatId?: string;
  }): Promise<TranscriptionStarted>;
  refineText(input: { userId: string; text: string; type: RefinementType }): Promise<{ text: string; charged: string; draft: boolean }>;
}

export interface BotDeps {
  db: Db;
  clock: Clock;
  token: string;
  apiRoot: string;
  publicUrl: string;
  transcriptions: TranscriptionsForBot;
  credits: { account(userId: string): Promise<{ available_credits: string }> };
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The bot's replies, in one place. */
export function botTexts(publicUrl: string) {
  const dashboard = `${publicUrl}/dashboard`;
  return {
    instructions: `This chat is not linked to an Ampkit account yet.\n\nOpen ${dashboard}, choose the Telegram tab and press Connect Telegram: the link it opens brings you back here, linked.`,
    badToken: `That link has expired or was already used. Open ${dashboard}, Telegram tab, and press Connect Telegram for a new one (links work once, for 15 minutes).`,
    welcome: (email: string) => `Linked to the Ampkit account ${maskEmail(email)}.\n\nSend a voice note, audio or video to transcribe it, or text to summarise it. /help lists the commands.`,
    help: (type: string) =>
      [
        'Ampkit bot',
        '',
        `• Send a voice note, an audio file, a video or a video note: it is transcribed and processed as ${type.replaceAll('_', ' ')}, and the text comes back here.`,
        `• Send text: it is processed as ${type.replaceAll('_', ' ')} too.`,
        '• /refine <type>: raw, refined, summary, conclusions, devils_advocate or action_points.',
        '• /balance: your credits.',
        '• /buy: top up credits.',
        '• You get a message here when any of your jobs finishes.',
        '',
        'Prices are per minute of audio; a text is priced as the minutes it takes to say (150 words a minute).',
      ].join('\n'),
    balance: (credits: string) => `You have ${Number(credits).toFixed(2)} credits available.`,
    buy: `Top up your credits here: ${dashboard} (Credits tab, Top Up Credits). Credits never expire; there is no subscription.`,
    refineSet: (type: RefinementType) => `Done: what you send is now processed as ${REFINEMENT_LABELS[type].label}.`,
    refineUsage: `Choose one of: ${REFINEMENT_TYPES.join(', ')}. For example: /refine action_points`,
    tooBig: `This file is over 20 MB, the most a Telegram bot may download. Upload it on the website instead: ${publicUrl}/tools/transcription`,
    started: (s: TranscriptionStarted) =>
      `Transcribing… about ${Math.max(1, Math.round(s.audio_duration_seconds / 60))} min of audio, ${Number(s.estimated_cost).toFixed(2)} credits held. The text comes here when it is done.`,
    short: (message: string) => `${message}\n\nTop up with /buy.`,
    failed: 'Something went wrong on our side. Nothing was charged; please try again in a minute.',
  };
}

type MediaKind = 'voice' | 'audio' | 'video' | 'video_note' | 'document';
const MEDIA_KINDS: MediaKind[] = ['voice', 'audio', 'video', 'video_note', 'document'];

/**
 * The bot: grammY on the configured Bot API root. Every update is taken once (telegram_updates), `/start <token>`
 * links a chat, an unlinked chat gets the instructions and nothing else, and a linked chat's audio and text go to
 * the transcription module as its user.
 */
export function createBot(deps: BotDeps) {
  const { db, clock } = deps;
  const texts = botTexts(deps.publicUrl);
  const bot = new Bot(deps.token, { client: { apiRoot: deps.apiRoot } });

  /** Sends a long text as several messages (4096 characters each at most, split on paragraphs). */
  async function sendLong(chatId: string | number, text: string): Promise<void> {
    for (const part of splitMessage(text)) await bot.api.sendMessage(chatId, part, { link_preview_options: { is_disabled: true } });
  }

  /** The user-facing words of a failure: our own errors say what to do; anything else is logged. */
  function failureText(err: unknown): string {
    if (err instanceof AppError) return err.code === 'INSUFFICIENT_CREDITS' ? texts.short(err.message) : err.message;
    deps.log.error({ err }, 'telegram bot could not handle a message');
    return texts.failed;
  }

  bot.use(async (ctx, next) => {
    if (!(await repo.takeUpdate(db, ctx.update.update_id))) return;
    await next();
  });

  bot.command('start', async (ctx) => {
    const token = ctx.match.trim();
    if (!token) return void (await ctx.reply(texts.instructions));
    const userId = await repo.consumeToken(db, sha256(token), clock.now());
    if (!userId) return void (await ctx.reply(texts.badToken));
    await repo.link(db, {
      userId,
      chatId: String(ctx.chat.id),
      telegramUserId: ctx.from ? String(ctx.from.id) : null,
      telegramUsername: ctx.from?.username ?? null,
      now: clock.now(),
    });
    await ctx.reply(texts.welcome((await repo.emailOf(db, userId)) ?? ''));
  });

  // Everything below needs a linked chat.
  const linked = bot.filter(() => true);
  const links = new WeakMap<Context, TelegramLinkRow>();
  linked.use(async (ctx, next) => {
    if (!ctx.chat) return;
    const link = await repo.linkByChat(db, String(ctx.chat.id));
    if (!link) return void (await ctx.reply(texts.instructions));
    links.set(ctx, link);
    await next();
  });
  const linkOf = (ctx: Context) => links.get(ctx)!;

  linked.command('help', (ctx) => ctx.reply(texts.help(linkOf(ctx).refineType)));
  linked.command('balance', async (ctx) => {
    const credits = await deps.credits.account(linkOf(ctx).userId);
    await ctx.reply(texts.balance(credits.available_credits));
  });
  linked.command('buy', (ctx) => ctx.reply(texts.buy));
  linked.command('refine', async (ctx) => {
    const type = ctx.match.trim().toLowerCase() as RefinementType;
    if (!REFINEMENT_TYPES.includes(type)) return void (await ctx.reply(texts.refineUsage));
    await repo.setRefineType(db, linkOf(ctx).userId, type, clock.now());
    await ctx.reply(texts.refineSet(type));
  });

  linked.on(['message:voice', 'message:audio', 'message:video', 'message:video_note', 'message:document'], async (ctx) => {
    const link = linkOf(ctx);
    const kind = MEDIA_KINDS.find((k) => ctx.message[k]) as MediaKind;
    const media = ctx.message[kind]!;
    if ((media.file_size ?? 0) > TELEGRAM_DOWNLOAD_LIMIT_BYTES) return void (await ctx.reply(texts.tooBig));
    try {
      const file = await ctx.api.getFile(media.file_id);
      if (!file.file_path) throw new Error('getFile answered no file_path');
      const res = await fetch(`${deps.apiRoot}/file/bot${deps.token}/${file.file_path}`);
      if (!res.ok) throw new Error(`file download answered ${res.status}`);
      const audio = Buffer.from(await res.arrayBuffer());
      const name = 'file_name' in media && typeof media.file_name === 'string' ? media.file_name : `${kind.replace('_', ' ')} ${file.file_path.split('/').pop()}`;
      // Audio and text follow the chat's type (/refine; summary until changed).
      const type = link.refineType as RefinementType;
      const started = await deps.transcriptions.startFromAudio({
        userId: link.userId,
        audio,
        filename: name,
        refinementType: type,
        source: 'telegram',
        telegramChatId: String(ctx.chat.id),
      });
      await ctx.reply(texts.started(started));
    } catch (err) {
      if (err instanceof GrammyError && /file is too big/i.test(err.description)) return void (await ctx.reply(texts.tooBig));
      await ctx.reply(failureText(err));
    }
  });

  linked.on('message:text', async (ctx) => {
    if (ctx.message.text.startsWith('/')) return void (await ctx.reply(texts.help(linkOf(ctx).refineType)));
    const link = linkOf(ctx);
    try {
      const out = await deps.transcriptions.refineText({ userId: link.userId, text: ctx.message.text, type: link.refineType as RefinementType });
      await sendLong(ctx.chat.id, out.text);
    } catch (err) {
      await ctx.reply(failureText(err));
    }
  });

  bot.catch((err) => {
    deps.log.warn({ err: err.error, update: err.ctx.update.update_id }, 'telegram update failed');
  });

  return { bot, sendLong, texts };
}
