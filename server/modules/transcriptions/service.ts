import { TRANSCRIPTION_MESSAGES, type Transcription } from '../../../contract/transcriptions.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { TranscriptionsDeps } from './deps.ts';
import { createTextRefinement } from './refine.ts';
import * as repo from './repository.ts';
import type { TranscriptionView } from './repository.ts';
import { createTranscriptionRuns } from './run.ts';
import { exportFile, toTranscription, type ExportFormat } from './view.ts';

/** Where jobs.ts and module.ts find them. */
export { TRANSCRIPTION_JOB, type TranscriptionsDeps } from './deps.ts';

/**
 * Audio transcription (spec 3 §2-9): a transcription's start and run on the generation lifecycle (run.ts), the
 * bot's text refinement (refine.ts), and here what a user does with their own transcriptions: list, read, rename,
 * edit, delete and download them (view.ts says what they see).
 */
export function createTranscriptionsService(deps: TranscriptionsDeps) {
  const { db } = deps;
  const runs = createTranscriptionRuns(deps);

  async function own(userId: string, id: string): Promise<TranscriptionView> {
    const row = await repo.findOwn(db, userId, id);
    if (!row) throw notFound(TRANSCRIPTION_MESSAGES.notFound);
    return row;
  }

  return {
    currentTranscriber: runs.currentTranscriber,
    startFromAudio: runs.startFromAudio,
    runJob: runs.runJob,

    async list(userId: string, q: { q?: string; source: string }): Promise<Transcription[]> {
      const rows = await repo.listOwn(db, userId, { search: q.q?.trim() || undefined, source: q.source === 'all' ? undefined : q.source, limit: 500 });
      return rows.map(toTranscription);
    },

    async get(userId: string, id: string): Promise<Transcription> {
      return toTranscription(await own(userId, id));
    },

    async status(userId: string, id: string) {
      const t = toTranscription(await own(userId, id));
      return { uuid: t.uuid, status: t.status, error_message: t.error_message };
    },

    async setTitle(userId: string, id: string, title: string): Promise<Transcription> {
      const trimmed = title.trim();
      if (!trimmed) throw badRequest(TRANSCRIPTION_MESSAGES.titleEmpty);
      await own(userId, id);
      await repo.update(db, id, { title: trimmed, updatedAt: deps.clock.now() });
      return toTranscription(await own(userId, id));
    },

    /** Edits what the user reads: the refinement when there is one, else the raw words. */
    async setContent(userId: string, id: string, content: string): Promise<Transcription> {
      const row = await own(userId, id);
      if (row.status !== 'completed') throw conflict('Only a finished transcription can be edited.');
      const field = row.refinementType !== 'raw' ? { refinedContent: content } : { rawTranscription: content };
      await repo.update(db, id, { ...field, updatedAt: deps.clock.now() });
      return toTranscription(await own(userId, id));
    },

    /** Deletes the transcription and its audio (object and row). Work under way finishes first. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await own(userId, id);
      const t = toTranscription(row);
      if (t.status === 'pending' || t.status === 'processing') throw conflict(TRANSCRIPTION_MESSAGES.deleteWhileRunning);
      await repo.remove(db, id);
      if (row.fileId) await deps.files.delete(userId, row.fileId).catch(() => undefined);
    },

    async download(userId: string, id: string, format: ExportFormat): Promise<{ body: string; filename: string; contentType: string }> {
      const row = await own(userId, id);
      if (row.status !== 'completed') throw conflict('The transcription has not finished yet.');
      return exportFile(row, format);
    },

    refineText: createTextRefinement(deps),
  };
}

export type TranscriptionsService = ReturnType<typeof createTranscriptionsService>;
