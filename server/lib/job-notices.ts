/**
 * What a finished background job tells its user outside the page (the Telegram bot today): the lifecycle emits one
 * notice per queued generation after its outcome has committed, and whoever subscribed delivers it.
 */
export interface JobNotice {
  userId: string;
  generationId: string;
  /** The tool's catalogue slug: 'mockup-generator', 'transcription', … */
  tool: string;
  status: 'completed' | 'failed';
  /** What the work was: 'Mockup generator (2 styles)', a transcription's title. */
  title: string;
  /** Where the user sees the result, a path of the web app ('/gallery', '/transcriptions/{uuid}'). */
  path?: string;
  /** The result's text when it is text (a transcript); the failure's message when it failed. */
  text?: string;
}

export type JobNoticeListener = (notice: JobNotice) => Promise<void>;

export interface JobNotices {
  /** Delivers to every listener in the background: a listener's failure is logged, never the job's. */
  emit(notice: JobNotice): void;
  subscribe(listener: JobNoticeListener): void;
  /** Resolves once every notice emitted so far has been delivered (tests, graceful stop). */
  settled(): Promise<void>;
}

export function createJobNotices(log: { warn(obj: object, msg: string): void }): JobNotices {
  const listeners: JobNoticeListener[] = [];
  const pending = new Set<Promise<void>>();
  return {
    emit(notice) {
      for (const listener of listeners) {
        const delivery = listener(notice)
          .catch((err: unknown) => log.warn({ err, generationId: notice.generationId }, 'job notice not delivered'))
          .finally(() => pending.delete(delivery));
        pending.add(delivery);
      }
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
