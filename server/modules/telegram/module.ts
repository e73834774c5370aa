import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobNotices } from '../../lib/job-notices.ts';
import type { CreditsService } from '../credits/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { TranscriptionsModule } from '../transcriptions/module.ts';

/** What services.ts hands the Telegram module; the module gives each of its parts only what that part needs. */
export interface TelegramModuleDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jobs: JobSender;
  notices: JobNotices;
  credits: CreditsService;
  payments: PaymentsService;
  transcriptions: TranscriptionsModule;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** The Telegram bot and the dashboard's link to it (spec 1 §3, §4, §7, §8). */
export function createTelegramModule(deps: TelegramModuleDeps) {
  void deps;
  return {
    /** Long-polls getUpdates in the worker role when no webhook secret is set. */
    async startPolling(): Promise<void> {},
    async stop(): Promise<void> {},
  };
}

export type TelegramModule = ReturnType<typeof createTelegramModule>;
