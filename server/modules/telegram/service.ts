import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Update } from 'grammy/types';
import { TELEGRAM_LINK_TTL_MINUTES, TELEGRAM_MESSAGES, type TelegramStatus } from '../../../contract/telegram.ts';
import type { JobSender } from '../../jobs/queue.ts';
import type { JobNotice } from '../../lib/job-notices.ts';
import { AppError, conflict, serviceUnavailable } from '../../lib/errors.ts';
import { createBot, type BotDeps } from './bot.ts';
import * as repo from './repository.ts';

export const TELEGRAM_UPDATE_JOB = 'telegram.update';

export interface TelegramDeps extends Omit<BotDeps, 'token' | 'apiRoot'> {
  jobs: JobSender;
  settings: { token: string | undefined; apiRoot: string; webhookSecret: string | undefined; publicUrl: string };
}

const notConfigured = () => serviceUnavailable(`${TELEGRAM_MESSAGES.notConfigured} Set TELEGRAM_BOT_TOKEN to turn it on.`);
const unreachable = (err: unknown) =>
  new AppError('AI_PROVIDER_ERROR', `Telegram did not answer as expected: ${err instanceof Error ? err.message : String(err)}. Please try again.`);

/**
 * The Telegram integration (spec 1 §4, §7): one-time deep links (hashed, 15 minutes), the chat link's status, test
 * message and disconnect; the bot's updates by webhook (a job) or long polling (the worker); job notices to a
 * linked user's chat, and to nobody else's.
 */
export function createTelegramService(deps: TelegramDeps) {
  const { db, clock, settings } = deps;
  const made = settings.token ? createBot({ ...deps, token: settings.token, apiRoot: settings.apiRoot }) : null;
  let ready: Promise<void> | null = null;
  let polling: Promise<void> | null = null;

  /** getMe once (grammY needs it before handling updates); a failure is retried on the next call. */
  function init(): Promise<void> {
    if (!made) return Promise.reject(notConfigured());
    ready ??= made.bot.init().catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready;
  }

  async function botUsername(): Promise<string | null> {
    try {
      await init();
      return made!.bot.botInfo.username;
    } catch {
      return null;
    }
  }

  /** Sends `text` to the user's linked chat, when the bot runs and they linked one (never to another chat). */
  async function tell(userId: string, text: string): Promise<void> {
    if (!made) return;
    const link = await repo.linkOf(db, userId);
    if (link) await made.sendLong(link.chatId, text);
  }

  return {
    configured: !!made,

    async status(userId: string): Promise<TelegramStatus> {
      const link = await repo.linkOf(db, userId);
      return {
        connected: !!link,
        telegram_username: link?.telegramUsername ?? null,
        connected_at: link?.connectedAt.toISOString() ?? null,
        last_updated: link?.updatedAt.toISOString() ?? null,
        configured: !!made,
        bot_username: made ? await botUsername() : null,
      };
    },

    async generateLink(userId: string): Promise<{ deep_link: string; expires_at: string }> {
      if (!made) throw notConfigured();
      const username = await botUsername();
      if (!username) throw unreachable(new Error('getMe failed'));
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_TTL_MINUTES * 60_000);
      await repo.insertToken(db, { tokenHash: createHash('sha256').update(token).digest('hex'), userId, createdAt: now, expiresAt });
      return { deep_link: `https://t.me/${username}?start=${token}`, expires_at: expiresAt.toISOString() };
    },

    async disconnect(userId: string): Promise<{ disconnected: true }> {
      await repo.unlink(db, userId);
      return { disconnected: true };
    },

    async testMessage(userId: string): Promise<{ sent: boolean }> {
      if (!made) throw notConfigured();
      const link = await repo.linkOf(db, userId);
      if (!link) throw conflict(TELEGRAM_MESSAGES.notConnected);
      try {
        await made.bot.api.sendMessage(link.chatId, 'Test message from Ampkit: your Telegram account is connected. ✅');
      } catch (err) {
        throw unreachable(err);
      }
      return { sent: true };
    },

    /** The webhook's check: Telegram's secret header, compared in constant time. */
    acceptsSecret(header: string | undefined): boolean {
      const expected = settings.webhookSecret;
      if (!expected || !header) return false;
      const a = createHash('sha256').update(header).digest();
      const b = createHash('sha256').update(expected).digest();
      return timingSafeEqual(a, b);
    },

    webhookEnabled: !!made && !!settings.webhookSecret,

    /** A webhook update, processed in the worker (the route answers Telegram at once). */
    async enqueueUpdate(update: Update): Promise<void> {
      await deps.jobs.send(TELEGRAM_UPDATE_JOB, { update });
    },

    async handleUpdate(update: Update): Promise<void> {
      if (!made) return;
      await init();
      await made.bot.handleUpdate(update);
    },

    /** Long polling in the worker without a webhook secret; with one, the webhook is registered instead. */
    async startPolling(): Promise<void> {
      if (!made || polling) return;
      try {
        await init();
        if (settings.webhookSecret) {
          await made.bot.api.setWebhook(`${settings.publicUrl}/api/telegram/webhook`, { secret_token: settings.webhookSecret, allowed_updates: ['message'] });
          return;
        }
      } catch (err) {
        deps.log.error({ err }, 'the Telegram bot could not start; check TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT');
        return;
      }
      polling = made.bot.start({ allowed_updates: ['message'], drop_pending_updates: false }).catch((err: unknown) => {
        deps.log.error({ err }, 'Telegram long polling stopped');
        polling = null;
      });
    },

    async stop(): Promise<void> {
      if (made?.bot.isRunning()) await made.bot.stop();
      await polling;
      polling = null;
    },

    /** A finished job, told to its user's linked chat (never to another). */
    async onJobNotice(notice: JobNotice): Promise<void> {
      const url = notice.path ? `\n${settings.publicUrl}${notice.path}` : '';
      const head = notice.status === 'completed' ? `✅ ${notice.title} is ready.${url}` : `❌ ${notice.title} failed: ${notice.text ?? 'unknown error'}. Nothing was charged.${url}`;
      await tell(notice.userId, notice.status === 'completed' && notice.text ? `${head}\n\n${notice.text}` : head);
    },

    tell,
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
