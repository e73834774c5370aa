import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client.ts';

/** A job kind: its queue name, what it does with one job's data, and optionally a cron schedule. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handle(data: T, meta: { id: string; retryCount: number }): Promise<unknown>;
  /** Cron expression (UTC) for recurring jobs. */
  cron?: string;
  retryLimit?: number;
  /** Seconds a single run may take before it is retried. */
  expireInSeconds?: number;
  /**
   * A running job tells the queue it is alive every half of this (default JOB_HEARTBEAT_SECONDS); a job silent
   * that long lost its worker (killed, out of memory, host gone) and is retried then, not after expireInSeconds.
   */
  heartbeatSeconds?: number;
  /** Jobs one process runs at once (default 1). */
  concurrency?: number;
  /**
   * Someone waits for it (a generation's call): a send wakes this process's workers at once, PostgreSQL's
   * LISTEN/NOTIFY wakes the other processes', and idle workers look every half second instead of every second.
   */
  immediate?: boolean;
}

/** How long a running job may go without a heartbeat before another worker retries it. */
export const JOB_HEARTBEAT_SECONDS = 30;
/**
 * How often pg-boss looks for jobs that expired or lost their heartbeat (one process does it per interval,
 * whichever claims it). With the heartbeat above, a killed worker's job runs again within about 45 s.
 */
export const JOB_MONITOR_SECONDS = 15;

/** What services need of the queue: sending jobs. */
export interface JobSender {
  send<T extends object>(name: string, data: T, options?: { singletonKey?: string; startAfter?: Date }): Promise<string | null>;
}

/**
 * A sender the services can hold before the queue exists (the queue is built from the services' job
 * definitions); `bind` connects it once the queue has started.
 */
export function deferredSender(): JobSender & { bind(queue: JobSender): void } {
  let target: JobSender | null = null;
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

export interface JobQueue extends JobSender {
  /** Creates queues; workers and schedules run only when `work` is true (ROLE=worker|all). */
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the app's database: PGlite in embedded mode, PostgreSQL otherwise.
 * Every handler must be safe to run twice: pg-boss retries a job whose worker died.
 */
export function createJobQueue(database: Database, definitions: readonly JobDefinition[], log: FastifyBaseLogger): JobQueue {
  const supervision = { monitorIntervalSeconds: JOB_MONITOR_SECONDS, superviseIntervalSeconds: JOB_MONITOR_SECONDS };
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
          heartbeatSeconds: def.heartbeatSeconds ?? JOB_HEARTBEAT_SECONDS,
          ...(def.immediate && notify ? { notify: true } : {}),
        };
        // createQueue leaves a queue that exists as it was made: the update brings one made by an earlier
        // release (or another process) to today's settings.
        await boss.createQueue(def.name, options);
        await boss.updateQueue(def.name, options);
        if (!work) continue;
        // One worker loop per concurrent job: each fetches and runs one job at a time.
        const ids: string[] = [];
        for (let i = 0; i < (def.concurrency ?? 1); i++) {
          ids.push(
            await boss.work<object>(def.name, { pollingIntervalSeconds: def.immediate ? 0.5 : 1 }, async (jobs) => {
              for (const job of jobs) {
                await def.handle(job.data, { id: job.id, retryCount: job.retryCount });
              }
            }),
          );
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
