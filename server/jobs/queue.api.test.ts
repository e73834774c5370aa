import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/database.ts';
import type { Database } from '../db/client.ts';
import { createJobQueue, type JobQueue, type QueueTiming } from './queue.ts';

let database: Database;
let queue: JobQueue;
const seen: Array<{ data: object; retryCount: number }> = [];
let failuresLeft = 1;
const waiters: Array<() => void> = [];

/** Not the defaults (30 s, 15 s): each queue gets the heartbeat it is given. */
const timing: QueueTiming = { JOB_HEARTBEAT_SECONDS: 20, JOB_MONITOR_SECONDS: 5 };

beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(
    database,
    [
      {
        name: 'test.echo',
        retryLimit: 2,
        async handle(data, meta) {
          seen.push({ data, retryCount: meta.retryCount });
          waiters.splice(0).forEach((w) => w());
          if ((data as { failOnce?: boolean }).failOnce && failuresLeft-- > 0) throw new Error('transient failure');
        },
      },
    ],
    pino({ level: 'silent' }),
    timing,
  );
  await queue.start({ work: true });
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

async function until(check: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the job');
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
}

describe('job queue (pg-boss on the app database)', () => {
  it('runs a sent job in the worker with its data', async () => {
    const id = await queue.send('test.echo', { hello: 'world' });
    expect(id).toEqual(expect.any(String));
    await until(() => seen.some((s) => (s.data as { hello?: string }).hello === 'world'));
  });

  it('retries a job whose run failed', async () => {
    await queue.send('test.echo', { failOnce: true });
    await until(() => seen.filter((s) => (s.data as { failOnce?: boolean }).failOnce).length >= 2, 40_000);
    const runs = seen.filter((s) => (s.data as { failOnce?: boolean }).failOnce);
    expect(runs.map((r) => r.retryCount)).toEqual([0, 1]);
  }, 120_000);

  it('brings a queue an earlier release made to today\'s settings, a heartbeat included (a killed worker\'s job is retried within a minute)', async () => {
    const settingsOf = async (name: string) => {
      const result = await database.db.execute(
        sql`SELECT retry_limit AS "retryLimit", expire_seconds AS "expireSeconds", heartbeat_seconds AS "heartbeatSeconds" FROM pgboss.queue WHERE name = ${name}`,
      );
      return (result as unknown as { rows: Array<Record<string, number | null>> }).rows[0];
    };
    const handle = async () => {};
    const earlier = createJobQueue(database, [{ name: 'test.settings', retryLimit: 5, expireInSeconds: 3600, heartbeatSeconds: 60, handle }], pino({ level: 'silent' }), timing);
    await earlier.start({ work: false });
    await earlier.stop();
    expect(await settingsOf('test.settings')).toEqual({ retryLimit: 5, expireSeconds: 3600, heartbeatSeconds: 60 });
    const today = createJobQueue(database, [{ name: 'test.settings', retryLimit: 1, expireInSeconds: 120, handle }], pino({ level: 'silent' }), timing);
    await today.start({ work: false });
    await today.stop();
    expect(await settingsOf('test.settings')).toEqual({ retryLimit: 1, expireSeconds: 120, heartbeatSeconds: timing.JOB_HEARTBEAT_SECONDS });
    expect(await settingsOf('test.echo')).toMatchObject({ heartbeatSeconds: timing.JOB_HEARTBEAT_SECONDS });
  }, 120_000);
});
