import type { Update } from 'grammy/types';

/**
 * Every job kind and the data it carries, in one map: `JobSender.send` and `JobDefinition` are typed from it, so a
 * job sent or handled under a wrong name or with a wrong payload does not compile. A scheduled (cron) job carries
 * nothing. Adding a job kind: a line here, then its definition in the module's `jobs.ts`.
 */
export interface JobPayloads {
  /** A durable generation (ai/durable.ts), several at once per worker. */
  'ai.generate': { generationId: string };
  /** A mockup generation (ai/mockup-job.ts). */
  'ai.mockup': { generationId: string };
  /** A recording transcribed and refined (transcriptions/service.ts). */
  'transcription.run': { generationId: string };
  /** A Telegram webhook update, handled off the request. */
  'telegram.update': { update: Update };
  /** A user's data export streamed into storage. */
  'privacy.export': { exportId: string };
  'privacy.sweep-exports': Scheduled;
  'auth.cleanup': Scheduled;
  'credits.release-expired-holds': Scheduled;
  'idempotency.cleanup': Scheduled;
  'files.expire': Scheduled;
  'files.reconcile-storage': Scheduled;
  'payments.expire-checkouts': Scheduled;
  /** Batches: items a killed process never queued are sent, batches whose items all settled are finished. */
  'batches.sweep': Scheduled;
  'site.purge': Scheduled;
  /** One signed attempt of a webhook delivery (webhooks/service.ts). */
  'webhooks.deliver': { deliveryId: string };
  /** Pending deliveries no job took are handed to the workers again. */
  'webhooks.sweep': Scheduled;
}

/** The data of a job the queue starts on its cron schedule: none. */
export type Scheduled = Record<string, never>;

export type JobName = keyof JobPayloads;

/** The job kinds whose data names a generation: the ai lifecycle's `enqueue` hands a generation to one of them. */
export type GenerationJobName = { [N in JobName]: JobPayloads[N] extends { generationId: string } ? N : never }[JobName];

/** What services need of the queue: sending a job of a known kind with its data. */
export interface JobSender {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
}

export interface SendOptions {
  singletonKey?: string;
  startAfter?: Date;
  /** Higher runs first (default 0): batch items go behind single generations. */
  priority?: number;
  /** Jobs of one group run at most the definition's `groupConcurrency` at once across every worker (a user's batch items). */
  group?: { id: string };
}

/** A job kind: its queue name, what it does with one job's data, and optionally a cron schedule. */
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  /** A property, not a method, so a handler that expects other data is refused (methods' parameters are bivariant). */
  handle: (data: JobPayloads[N], meta: { id: string; retryCount: number }) => Promise<unknown>;
  /** Cron expression (UTC) for recurring jobs. */
  cron?: JobPayloads[N] extends Scheduled ? string : never;
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
  /** Jobs sent with the same `group` that run at once across all processes (pg-boss counts them in the database). */
  groupConcurrency?: number;
  /**
   * Someone waits for it (a generation's call): a send wakes this process's workers at once, PostgreSQL's
   * LISTEN/NOTIFY wakes the other processes', and idle workers look every half second instead of every second.
   */
  immediate?: boolean;
}

/** Any one job kind's definition (a list of a module's jobs): each entry is checked against its own name's payload. */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];
