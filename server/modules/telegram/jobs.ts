import type { JobDefinition } from '../../jobs/queue.ts';
import type { TelegramModule } from './module.ts';

/** The bot's jobs (webhook updates processed in the worker). */
export function telegramJobs(telegram: TelegramModule): JobDefinition[] {
  void telegram;
  return [];
}
