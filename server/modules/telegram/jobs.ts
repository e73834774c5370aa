import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { TelegramService } from './service.ts';
import { TELEGRAM_UPDATE_JOB } from './service.ts';

/** Webhook updates are processed here, off the request (Telegram waits for nobody); a failed one is retried once. */
export function telegramJobs(telegram: TelegramService): AnyJobDefinition[] {
  return [
    {
      name: TELEGRAM_UPDATE_JOB,
      retryLimit: 1,
      expireInSeconds: 15 * 60,
      handle: (data) => telegram.handleUpdate(data.update),
    },
  ];
}
