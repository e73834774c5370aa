import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TelegramModule } from './module.ts';

/** /api/telegram (spec 1 §7) and the bot's webhook. */
export const telegramRoutes: FastifyPluginAsyncZod<{ telegram: TelegramModule }> = async () => {};
