import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobNotices } from '../../lib/job-notices.ts';
import type { CreditsService } from '../credits/service.ts';
import type { TranscriptionsForBot } from './bot.ts';
import { createTelegramService } from './service.ts';

/** What services.ts hands the Telegram module; the module gives each of its parts only what that part needs. */
export interface TelegramModuleDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jobs: JobSender;
  notices: JobNotices;
  credits: Pick<CreditsService, 'account'>;
  transcriptions: TranscriptionsForBot;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** The Telegram bot and the dashboard's link to it (spec 1 §3, §4, §7, §8). */
export function createTelegramModule(deps: TelegramModuleDeps) {
  const telegram = createTelegramService({
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    credits: deps.credits,
    transcriptions: deps.transcriptions,
    publicUrl: deps.config.PUBLIC_URL,
    log: deps.log,
    settings: {
      token: deps.config.TELEGRAM_BOT_TOKEN,
      apiRoot: deps.config.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
      webhookSecret: deps.config.TELEGRAM_WEBHOOK_SECRET,
      publicUrl: deps.config.PUBLIC_URL,
    },
  });
  // A linked user hears from any of their jobs when it finishes.
  deps.notices.subscribe((notice) => telegram.onJobNotice(notice));
  return telegram;
}

export type TelegramModule = ReturnType<typeof createTelegramModule>;
