import { mul, min } from '../../../contract/decimal.ts';
import {
  billableMinutes,
  LOCAL_DRAFT_LABEL,
  REFINEMENT_LABELS,
  TRANSCRIPTION_MESSAGES,
  type RefinementType,
  type TranscriptionSource,
  type TranscriptionStarted,
} from '../../../contract/transcriptions.ts';
import { AppError, payloadTooLarge, serviceUnavailable, unsupportedMediaType } from '../../lib/errors.ts';
import type { SpeechTranscriber } from '../../providers/ai/types.ts';
import { costOf, sumCosts } from '../../providers/ai/cost.ts';
import type { Run } from '../ai/lifecycle.ts';
import { probeMedia } from '../files/media.ts';
import { TRANSCRIPTION_JOB, TRANSCRIPTION_TOOL, type TranscriptionsDeps } from './deps.ts';
import { planFor, refineWith } from './refine.ts';
import * as repo from './repository.ts';
import { refinementNote } from './view.ts';

/** The local draft engine runs at about a third of real time: an hour of audio stays well inside its hold. */
export const LOCAL_MAX_MINUTES = 60;

export interface StartInput {
  userId: string;
  audio: Buffer;
  filename: string;
  refinementType: RefinementType;
  source: TranscriptionSource;
  telegramChatId?: string;
}

function titleFrom(filename: string, source: TranscriptionSource, when: Date): string {
  const base = filename.replace(/\.[^.]{1,5}$/, '').replace(/[_]+/g, ' ').trim();
  if (base && !/^(blob|recording|audio|voice|file_\d+)$/i.test(base)) return base.slice(0, 120);
  const label = source === 'telegram' ? 'Telegram voice note' : 'Recording';
  return `${label} ${when.toISOString().slice(0, 16).replace('T', ' ')}`;
}

/**
 * A transcription's start and run (spec 3 §2-9) on the one generation lifecycle: the duration is read from the file
 * before anything is held, the hold is minutes × the type's per-minute price, a job transcribes and refines, and the
 * capture is the price of the duration the engine really heard (never above the hold). A failure releases all.
 */
export function createTranscriptionRuns(deps: TranscriptionsDeps) {
  const { db, lifecycle, providers } = deps;

  /** The engine a new transcription runs on: the admin's choice when it is set and can run here, else the server's. */
  async function currentTranscriber(): Promise<SpeechTranscriber | null> {
    const chosen = deps.chosenEngine ? await deps.chosenEngine() : null;
    return (chosen && providers.transcribers?.[chosen]) || providers.transcriber;
  }

  async function startFromAudio(input: StartInput): Promise<TranscriptionStarted> {
    const transcriber = await currentTranscriber();
    if (!transcriber) throw serviceUnavailable(TRANSCRIPTION_MESSAGES.settingUp);
    const probed = await probeMedia(input.audio);
    if (!probed || probed.type.category === 'image') throw unsupportedMediaType(TRANSCRIPTION_MESSAGES.invalidType);
    const duration = probed.durationSeconds;
    const minutes = billableMinutes(duration);
    if (transcriber.draft && minutes > LOCAL_MAX_MINUTES) throw payloadTooLarge(TRANSCRIPTION_MESSAGES.tooLong(LOCAL_MAX_MINUTES));
    const plan = planFor(input.refinementType, transcriber, providers);
    const perMinute = await deps.pricing.price(TRANSCRIPTION_TOOL, plan.variant);
    const now = deps.clock.now();
    const title = titleFrom(input.filename, input.source, now);
    let run: Run | null = null;
    try {
      run = await lifecycle.start({
        userId: input.userId,
        tool: TRANSCRIPTION_TOOL,
        serviceType: 'transcription',
        variant: plan.variant,
        quantity: minutes,
        description: `Transcription (${REFINEMENT_LABELS[input.refinementType].label}, ${minutes} min)`,
        provider: transcriber.name,
        prompt: title,
        uploads: [{ userId: input.userId, data: input.audio, entityType: 'audio', toolName: TRANSCRIPTION_TOOL, originalFilename: input.filename, enforceQuota: true }],
        params: { refinementType: input.refinementType, perMinute, durationSeconds: duration, engine: transcriber.key },
        queued: true,
        // Slow engines get a hold that outlives the work: real time for the local engine, a quarter of it for providers.
        holdTtlMinutes: 10 + Math.ceil(minutes * (transcriber.draft ? 1 : 0.25)),
      });
      const started = run;
      const row = await repo.insert(db, {
        userId: input.userId,
        generationId: started.generation.id,
        fileId: started.generation.inputFileIds[0] ?? null,
        title,
        status: 'pending',
        source: input.source,
        refinementType: input.refinementType,
        provider: transcriber.name,
        draft: transcriber.draft === true,
        audioDurationSeconds: duration,
        costCredits: started.amount,
        fileSizeBytes: input.audio.length,
        originalFilename: input.filename.slice(0, 255),
        mimeType: probed.type.mime,
        telegramChatId: input.telegramChatId ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await lifecycle.enqueue(started, TRANSCRIPTION_JOB);
      return {
        uuid: row.id,
        transcription_id: row.seq,
        job_id: started.generation.id,
        estimated_cost: started.amount,
        audio_duration_seconds: duration,
        draft: row.draft,
      };
    } catch (err) {
      if (run) await lifecycle.fail(run, err, { shown: 'The transcription could not be queued. Nothing was charged.' });
      if (err instanceof AppError) throw err;
      deps.log.error({ err }, 'could not queue a transcription');
      throw serviceUnavailable('The transcription service is busy. Please try again in a minute; nothing was charged.');
    }
  }

  /** The worker's side: safe to run twice (only the claimed attempt works; a settled generation is left alone). */
  async function runJob(generationId: string, attempt: number): Promise<void> {
    const run = await lifecycle.claim(generationId, attempt, TRANSCRIPTION_JOB);
    if (!run) return;
    const row = await repo.findByGeneration(db, generationId);
    const params = run.generation.params as { refinementType: RefinementType; perMinute: string; durationSeconds: number; engine?: SpeechTranscriber['key'] };
    const failRow = (message: string) => async (tx: Parameters<typeof repo.update>[0]) =>
      row && repo.update(tx, row.id, { status: 'failed', errorMessage: message, completedAt: deps.clock.now(), updatedAt: deps.clock.now() });
    try {
      if (!row) throw new Error('The transcription was deleted before it ran.');
      // The engine the job was priced for at its start, even if the admin has chosen another since.
      const transcriber = (params.engine && providers.transcribers?.[params.engine]) || (await currentTranscriber());
      if (!transcriber) throw serviceUnavailable(TRANSCRIPTION_MESSAGES.settingUp);
      await repo.update(db, row.id, { status: 'processing', updatedAt: deps.clock.now() });
      const audio = (await deps.files.readOwn(row.userId, row.fileId!)).data;
      const heard = await transcriber.transcribe({
        audio,
        mime: row.mimeType ?? 'audio/wav',
        durationSeconds: params.durationSeconds,
        ...(transcriber.draft ? { language: 'en' } : {}),
      });
      const refinement = await refineWith(planFor(params.refinementType, transcriber, providers).refine, heard.text, params.refinementType);
      const refined = refinement.text;
      const seconds = heard.durationSeconds > 0 ? heard.durationSeconds : params.durationSeconds;
      // The real duration's price, never more than was held (the file's stated duration may be longer than heard).
      const amount = min(mul(params.perMinute, String(billableMinutes(seconds))), run.amount);
      const processing = (Date.now() - run.startedAt) / 1000;
      const note = refinementNote({ status: 'completed', refinementType: params.refinementType, refinedContent: refined });
      const text = [refined ?? heard.text, note].filter(Boolean).join('\n\n');
      await lifecycle.complete(run, {
        provider: heard.provider,
        model: heard.model ?? null,
        // A provider's refinement is a second call: its cost counts with the transcript's.
        providerCost: sumCosts(refinement.cost ? [costOf(heard), refinement.cost] : [costOf(heard)]),
        amount,
        record: (tx) =>
          repo.update(tx, row.id, {
            status: 'completed',
            rawTranscription: heard.text,
            refinedContent: refined,
            segments: heard.segments ?? null,
            language: heard.language ?? null,
            audioDurationSeconds: seconds,
            processingTimeSeconds: Math.round(processing * 10) / 10,
            costCredits: amount,
            completedAt: deps.clock.now(),
            updatedAt: deps.clock.now(),
          }),
        notice: { title: row.title, path: `/transcriptions/${row.id}`, text: row.draft ? `${LOCAL_DRAFT_LABEL}\n\n${text}` : text },
      });
    } catch (err) {
      deps.log.warn({ err, generationId, attempt }, 'transcription failed');
      const shown = 'The transcription could not be made. Your credits have been released.';
      await lifecycle.fail(run, err, {
        shown,
        notice: row ? { title: row.title, path: `/transcriptions/${row.id}` } : {},
        record: (tx, message) => failRow(message)(tx),
      });
    }
  }

  return {
    currentTranscriber,
    startFromAudio,
    runJob,
  };
}
