import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { FilesService } from './service.ts';

export const EXPIRE_FILES_JOB = 'files.expire';

/** Every 15 minutes: images past their 30 days are deleted, rows and stored objects together. */
export function filesJobs(files: FilesService, log: FastifyBaseLogger): JobDefinition[] {
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
  ];
}
