import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { FilesService } from './service.ts';

export const EXPIRE_FILES_JOB = 'files.expire';
export const RECONCILE_STORAGE_JOB = 'files.reconcile-storage';
/** Objects younger than this are left alone: a generation may have stored them and not yet recorded its row. */
export const RECONCILE_GRACE_MS = 60 * 60_000;

/** Every 15 minutes: images past their 30 days are deleted, rows and stored objects together. */
export function filesJobs(files: FilesService, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    {
      name: EXPIRE_FILES_JOB,
      cron: '*/15 * * * *',
      async handle() {
        let total = 0;
        for (let removed = await files.expire(); removed > 0; removed = await files.expire()) total += removed;
        if (total > 0) log.info({ removed: total }, 'expired files deleted');
        return { removed: total };
      },
    },
    {
      // Hourly: objects a killed process left without a row (finished images, half-written temp files, thumbnails).
      name: RECONCILE_STORAGE_JOB,
      cron: '23 * * * *',
      async handle() {
        const result = await files.reconcileStorage(RECONCILE_GRACE_MS);
        if (result.removed > 0) log.warn(result, 'removed stored objects that had no file row');
        // A queued generation's request is dropped when it settles; one a day old was left by a killed process.
        const inputs = await files.reconcileInputs(24 * 3600_000);
        if (inputs > 0) log.warn({ inputs }, 'removed the requests of generations that had settled');
        return { ...result, inputs };
      },
    },
  ];
}
