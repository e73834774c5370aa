import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobDefinition, JobSender, SendOptions } from './jobs.ts';

export type { AnyJobDefinition, JobDefinition, JobName, JobPayloads, JobSender } from './jobs.ts';

/**
 * What the queue runs: a job kind with its name and handler, whatever its data (the typed `JobDefinition`s of
 * jobs.ts are these; the queue itself moves plain JSON).
 */
export interface QueueJob extends Omit<JobDefinition, 'name' | 'handle' | 'cron'> {
  name: string;
  handle(data: object, meta: { id: string; retryCount: number }): Promise<unknown>;
  cron?: string;
}

/** Sending by any queue name: the queue's own side; services hold the typed `JobSender`. */
export interface QueueSender {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
}

/**
 * How long a running job may go without a heartbeat before another worker retries it (JOB_HEARTBEAT_SECONDS), and how
 * often pg-boss looks for jobs that expired or lost their heartbeat (JOB_MONITOR_SECONDS; one process does it per
 * interval, whichever claims it). With the defaults, a killed worker's job runs again within about 45 s.
 */
export type QueueTiming = Pick<Config, 'JOB_HEARTBEAT_SECONDS' | 'JOB_MONITOR_SECONDS'>;

/**
 * A sender the services can hold before the queue exists (the queue is built from the services' job
 * definitions); `bind` connects it once the queue has started.
 */
export function deferredSender(): JobSender & { bind(queue: QueueSender): void } {
  let target: QueueSender | null = null;
  return {
    bind(queue) {
      target = queue;
    },
    send(name, data, options) {
      if (!target) return Promise.reject(new Error('The job queue is not running'));
      return target.send(name, data, options);
    },
  };
}

export interface JobQueue extends QueueSender {
  /** Creates queues; workers and schedules run only when `work` is true (ROLE=worker|all). */
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the app's database: PGlite in embedded mode, PostgreSQL otherwise.
 * Every handler must be safe to run twice: pg-boss retries a job whose worker died.
 */
export function createJobQueue(
  database: Database,
  definitions: readonly QueueJob[],
  log: FastifyBaseLogger,
  timing: QueueTiming,
): JobQueue {
  const supervision = { monitorIntervalSeconds: timing.JOB_MONITOR_SECONDS, superviseIntervalSeconds: timing.JOB_MONITOR_SECONDS };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite as never), backend: 'pglite', ...supervision })
      : // LISTEN/NOTIFY: a job sent to an `immediate` queue wakes the worker processes at once.
        new PgBoss({ connectionString: database.url, max: 4, useListenNotify: true, ...supervision });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started = false;
  /** This process's workers of each `immediate` queue, woken on a send. */
  const workers = new Map<string, string[]>();
  const notify = database.kind !== 'pglite';

  return {
    async start({ work }) {
      await boss.start();
      started = true;
      for (const def of definitions) {
        const options = {
          retryLimit: def.retryLimit ?? 3,
          retryBackoff: true,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
          heartbeatSeconds: def.heartbeatSeconds ?? timing.JOB_HEARTBEAT_SECONDS,
          ...(def.immediate && notify ? { notify: true } : {}),
        };
        // createQueue leaves a queue that exists as it was made: the update brings one made by an earlier
        // release (or another process) to today's settings.
        await boss.createQueue(def.name, options);
        await boss.updateQueue(def.name, options);
        if (!work) continue;
        // One worker loop per concurrent job: each fetches and runs one job at a time. With LISTEN/NOTIFY (PostgreSQL),
        // pg-boss otherwise looks only every 30 s between notifications, and a notification comes with a send, not
        // when a slot or a group frees or a retry falls due: an `immediate` queue's loops look every second too.
        // A loop that has just finished a job of an `immediate` queue looks for the next one at once instead of after its
        // interval less the job's time (a 0.7 s batch item left its slot idle 0.3 s on PostgreSQL).
        const ids: string[] = [];
        for (let i = 0; i < (def.concurrency ?? 1); i++) {
          const id = await boss.work<object>(
            def.name,
            {
              pollingIntervalSeconds: def.immediate ? 0.5 : 1,
              ...(def.immediate ? { notifyPollingIntervalSeconds: 1 } : {}),
              ...(def.groupConcurrency ? { groupConcurrency: def.groupConcurrency } : {}),
            },
            async (jobs) => {
              try {
                for (const job of jobs) {
                  await def.handle(job.data, { id: job.id, retryCount: job.retryCount });
                }
              } finally {
                // ids[i] is this loop's id once boss.work has answered it (a job can start before it does).
                const self = ids[i];
                if (def.immediate && self && jobs.length > 0) boss.notifyWorker(self);
              }
            },
          );
          ids.push(id);
        }
        if (def.immediate) workers.set(def.name, ids);
        if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
    },
    async send(name, data, options) {
      const id = await boss.send(name, data, options ?? {});
      for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
      started = false;
    },
  };
}
