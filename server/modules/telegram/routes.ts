import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { telegramLinkResponse, telegramStatusResponse, telegramTestMessageResponse } from '../../../contract/telegram.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TelegramService } from './service.ts';

const tags = ['telegram'];
/** The least an Update must be for the bot: an id; its message is read by grammY. */
const update = z.looseObject({ update_id: z.number().int().nonnegative() });

/** /api/telegram (spec 1 §7) and the bot's webhook. */
export const telegramRoutes: FastifyPluginAsyncZod<{ telegram: TelegramService }> = async (app, { telegram }) => {
  app.get(
    '/status',
    { config: { auth: 'user' }, schema: { tags, summary: 'Whether my Telegram chat is linked', response: { 200: okSchema(telegramStatusResponse) } } },
    async (request) => ok(await telegram.status(currentUser(request).id)),
  );

  app.post(
    '/generate-link',
    { config: { auth: 'user' }, schema: { tags, summary: 'A one-time deep link (15 minutes) that links the chat opening it', response: { 200: okSchema(telegramLinkResponse) } } },
    async (request) => ok(await telegram.generateLink(currentUser(request).id)),
  );

  app.delete(
    '/connection',
    { config: { auth: 'user' }, schema: { tags, summary: 'Unlink my Telegram chat', response: { 200: okSchema(z.object({ disconnected: z.literal(true) })) } } },
    async (request) => ok(await telegram.disconnect(currentUser(request).id)),
  );

  app.post(
    '/test-message',
    { config: { auth: 'user' }, schema: { tags, summary: 'Send a test message to my linked chat', response: { 200: okSchema(telegramTestMessageResponse) } } },
    async (request) => ok(await telegram.testMessage(currentUser(request).id)),
  );

  app.post(
    '/webhook',
    {
      config: { auth: 'webhook', rateLimit: false },
      schema: { tags, summary: 'Bot API updates (only with TELEGRAM_WEBHOOK_SECRET; X-Telegram-Bot-Api-Secret-Token checked)', body: update },
    },
    async (request, reply) => {
      if (!telegram.webhookEnabled) throw notFound('Not found');
      const secret = request.headers['x-telegram-bot-api-secret-token'];
      if (!telegram.acceptsSecret(typeof secret === 'string' ? secret : undefined)) throw new AppError('UNAUTHENTICATED', 'Wrong or missing secret token.');
      // Answered at once; the worker handles it (and ignores a replay of an update it already took).
      await telegram.enqueueUpdate(request.body as unknown as Update);
      return reply.send({ ok: true });
    },
  );
};
