import type { CreditsService } from '../credits/service.ts';
import { defineModule, mount } from '../module.ts';
import type { TranscriptionsForBot } from './bot.ts';
import { telegramJobs } from './jobs.ts';
import { telegramRoutes } from './routes.ts';
import { createTelegramService } from './service.ts';

/** What the Telegram module takes of other modules; it gives each of its parts only what that part needs. */
export interface TelegramModuleDeps {
  credits: Pick<CreditsService, 'account'>;
  transcriptions: TranscriptionsForBot;
}

/** The Telegram bot and the dashboard's link to it (spec 1 §3, §4, §7, §8): `/api/telegram`, `telegram.update`. */
export const telegramModule = defineModule({
  name: 'telegram',
  create(core, deps: TelegramModuleDeps) {
    const { config } = core;
    const telegram = createTelegramService({
      db: core.db,
      clock: core.clock,
      jobs: core.jobs,
      credits: deps.credits,
      transcriptions: deps.transcriptions,
      publicUrl: config.PUBLIC_URL,
      log: core.log,
      settings: {
        token: config.TELEGRAM_BOT_TOKEN,
        apiRoot: config.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
        webhookSecret: config.TELEGRAM_WEBHOOK_SECRET,
        publicUrl: config.PUBLIC_URL,
      },
    });
    // A linked user hears from any of their jobs when it finishes.
    core.notices.subscribe((notice) => telegram.onJobNotice(notice));
    return {
      service: telegram,
      routes: { public: [mount(telegramRoutes, { prefix: '/api/telegram', telegram })] },
      jobs: () => telegramJobs(telegram),
    };
  },
});
