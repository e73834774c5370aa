import { z } from 'zod';

/** The Telegram integration (spec 1 §3, §4, §7, §8). */
export const telegramStatusResponse = z.object({
  connected: z.boolean(),
  telegram_username: z.string().nullable(),
  connected_at: z.string().nullable(),
  last_updated: z.string().nullable(),
  /** Beyond the spec: whether this server has a bot at all, and its @name. */
  configured: z.boolean(),
  bot_username: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusResponse>;

export const telegramLinkResponse = z.object({ deep_link: z.string(), expires_at: z.string() });
export const telegramTestMessageResponse = z.object({ sent: z.boolean() });

/** A deep-link token lives this long and works once. */
export const TELEGRAM_LINK_TTL_MINUTES = 15;
/** The Bot API's longest message and largest file a bot may download. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;
export const TELEGRAM_DOWNLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

/** Spec 1 §5, §8: the dashboard's strings. */
export const TELEGRAM_MESSAGES = {
  statusFailed: 'Failed to check Telegram status',
  statusNetwork: 'Network error checking Telegram status',
  linkFailed: 'Failed to generate link',
  linkNetwork: 'Network error generating link',
  revokeFailed: 'Failed to revoke connection',
  revokeNetwork: 'Network error revoking connection',
  testFailed: 'Failed to send test message',
  testNetwork: 'Network error sending test message',
  confirmDisconnect: 'Are you sure you want to disconnect your Telegram account?',
  notConfigured: 'The Telegram bot is not configured on this server.',
  /** What a creator reads on the dashboard while the bot is off (the settings are the operator's business). */
  unavailable: 'Telegram is not available on this site yet',
  notConnected: 'Connect your Telegram account first.',
} as const;
