import { describe, expect, it } from 'vitest';
import type { AnyJobDefinition, JobDefinition, JobSender } from './jobs.ts';
import { deferredSender } from './queue.ts';

// The job map's promises are the compiler's: each `@ts-expect-error` below fails `tsc` (npm run typecheck) if the
// line it marks compiles, so a wrong job name or payload, sent or handled, stays a compile error.

describe('the typed job map', () => {
  it('refuses a job sent under an unknown name or with the wrong data', async () => {
    const sent: Array<[string, object]> = [];
    const jobs: JobSender & { bind: ReturnType<typeof deferredSender>['bind'] } = deferredSender();
    jobs.bind({ send: async (name, data) => (sent.push([name, data]), 'id') });

    await jobs.send('ai.generate', { generationId: 'g1' });
    await jobs.send('privacy.export', { exportId: 'e1' }, { singletonKey: 'e1' });
    // @ts-expect-error: no such job kind
    await jobs.send('ai.generat', { generationId: 'g2' });
    // @ts-expect-error: ai.generate carries a generationId, not an exportId
    await jobs.send('ai.generate', { exportId: 'e2' });
    // @ts-expect-error: the id is a string
    await jobs.send('transcription.run', { generationId: 3 });

    expect(sent.map(([name]) => name)).toEqual(['ai.generate', 'privacy.export', 'ai.generat', 'ai.generate', 'transcription.run']);
  });

  it('types a handler by its job name, so it reads its data without a cast', async () => {
    const seen: string[] = [];
    const exportJob: JobDefinition<'privacy.export'> = { name: 'privacy.export', handle: async (data) => seen.push(data.exportId) };
    const definitions: AnyJobDefinition[] = [
      exportJob,
      // @ts-expect-error: a generation's job has no exportId
      { name: 'ai.mockup', handle: async (data) => seen.push(data.exportId) },
      // @ts-expect-error: only a scheduled job (no data) has a cron schedule
      { name: 'ai.generate', cron: '* * * * *', handle: async () => null },
      { name: 'auth.cleanup', cron: '17 * * * *', handle: async () => null },
    ];
    await exportJob.handle({ exportId: 'e1' }, { id: 'j', retryCount: 0 });
    expect(definitions.map((d) => d.name)).toEqual(['privacy.export', 'ai.mockup', 'ai.generate', 'auth.cleanup']);
    expect(seen).toEqual(['e1']);
  });
});
