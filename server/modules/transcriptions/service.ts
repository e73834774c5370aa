import { mul, min } from '../../../contract/decimal.ts';
import {
  billableMinutes,
  LOCAL_DRAFT_LABEL,
  REFINEMENT_LABELS,
  TRANSCRIPTION_MESSAGES,
  type RefinementType,
  type Transcription,
  type TranscriptionSource,
  type TranscriptionStarted,
} from '../../../contract/transcriptions.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound, payloadTooLarge, serviceUnavailable, unsupportedMediaType } from '../../lib/errors.ts';
import type { LocalComposer } from '../../providers/ai/speech/local-composer.ts';
import type { ProviderCost, SpeechTranscriber, TextRefiner } from '../../providers/ai/types.ts';
import { costOf, sumCosts } from '../../providers/ai/cost.ts';
import type { Lifecycle, Run } from '../ai/lifecycle.ts';
import type { ContentService } from '../content/service.ts';
import type { FilesService } from '../files/service.ts';
import { probeMedia } from '../files/media.ts';
import type { PricingService } from '../pricing/service.ts';
import { REFINEMENT_PROMPTS } from './refine.ts';
import * as repo from './repository.ts';
import type { TranscriptionView } from './repository.ts';
import { downloadName, toSrt, toVtt } from './subtitles.ts';

export const TRANSCRIPTION_JOB = 'transcription.run';
export const TRANSCRIPTION_TOOL = 'transcription';
/** The local draft engine runs at about a third of real time: an hour of audio stays well inside its hold. */
export const LOCAL_MAX_MINUTES = 60;
/** Words a minute of speech holds: a text sent to be refined is priced as the minutes it would take to say. */
export const WORDS_PER_MINUTE = 150;

export interface TranscriptionsDeps {
  db: Db;
  clock: Clock;
  lifecycle: Pick<Lifecycle, 'start' | 'enqueue' | 'claim' | 'complete' | 'fail' | 'run'>;
  providers: {
    /** The server's engine (TRANSCRIPTION_PROVIDER). */
    transcriber: SpeechTranscriber | null;
    /** Every engine the server can run, by key: the admin's choice and a queued job's engine are looked up here. */
    transcribers?: Partial<Record<SpeechTranscriber['key'], SpeechTranscriber>>;
    refiner: TextRefiner | null;
    localComposer: LocalComposer;
  };
  /** The engine the admin chose in System Settings, read on every start; null or absent: the server's engine. */
  chosenEngine?: () => Promise<SpeechTranscriber['key'] | null>;
  files: Pick<FilesService, 'readOwn' | 'delete'>;
  pricing: Pick<PricingService, 'price'>;
  content: Pick<ContentService, 'createIn'>;
  settings: { holdTtlMinutes: number };
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface StartInput {
  userId: string;
  audio: Buffer;
  filename: string;
  refinementType: RefinementType;
  source: TranscriptionSource;
  telegramChatId?: string;
}

type Refiner = { kind: 'none' } | { kind: 'provider'; refiner: TextRefiner } | { kind: 'local'; composer: LocalComposer };

/** How the text gets refined and which price variant pays for it (docs: issue 11 money rules). */
function planFor(type: RefinementType, transcriber: SpeechTranscriber, providers: TranscriptionsDeps['providers']): { variant: string; refine: Refiner } {
  const draft = transcriber.draft === true;
  if (type === 'raw') return { variant: draft ? 'local' : 'raw', refine: { kind: 'none' } };
  // A draft is refined on this machine only: its words are too unreliable to pay a provider for.
  if (!draft && providers.refiner) return { variant: type, refine: { kind: 'provider', refiner: providers.refiner } };
  if (providers.localComposer.supports(type)) return { variant: draft ? 'local' : 'raw', refine: { kind: 'local', composer: providers.localComposer } };
  throw badRequest(draft ? TRANSCRIPTION_MESSAGES.draftRefinementUnavailable : TRANSCRIPTION_MESSAGES.refinementUnavailable);
}

/**
 * The refined text (null: none asked, or the local composer's refinement would only have repeated the text, which
 * is then not charged: see `refinementNote`), and what the provider's call cost where one was made.
 */
async function refineWith(refine: Refiner, text: string, type: RefinementType): Promise<{ text: string | null; cost?: ProviderCost }> {
  if (refine.kind === 'none' || type === 'raw') return { text: null };
  if (refine.kind === 'local') return { text: refine.composer.compose(text, type) };
  const refined = await refine.refiner.refine({ text, instruction: REFINEMENT_PROMPTS[type] });
  return { text: refined.text, cost: costOf(refined) };
}

function titleFrom(filename: string, source: TranscriptionSource, when: Date): string {
  const base = filename.replace(/\.[^.]{1,5}$/, '').replace(/[_]+/g, ' ').trim();
  if (base && !/^(blob|recording|audio|voice|file_\d+)$/i.test(base)) return base.slice(0, 120);
  const label = source === 'telegram' ? 'Telegram voice note' : 'Recording';
  return `${label} ${when.toISOString().slice(0, 16).replace('T', ' ')}`;
}

/**
 * A finished transcription that asked for a refinement and has none: the local composer found nothing to do (a
 * transcript too short to summarise, nothing to clean up). Its price never included the refinement (a local draft's
 * one price, or the raw price): the note says so.
 */
function refinementNote(row: Pick<TranscriptionView, 'status' | 'refinementType' | 'refinedContent'>): string | null {
  if (row.status !== 'completed' || row.refinementType === 'raw' || row.refinedContent !== null) return null;
  return TRANSCRIPTION_MESSAGES.refinementUnchanged(REFINEMENT_LABELS[row.refinementType as RefinementType].label);
}

/** What the page and the bot read of a row (spec 3 §3). */
export function toTranscription(row: TranscriptionView): Transcription {
  // The generation is the truth about money: a sweep may have failed it while the row still says processing.
  const failed = row.status !== 'completed' && row.generationStatus === 'failed';
  return {
    uuid: row.id,
    transcription_id: row.seq,
    title: row.title,
    status: failed ? 'failed' : row.status,
    source: row.source,
    raw_transcription: row.rawTranscription,
    refined_content: row.refinedContent === null || row.refinementType === 'raw' ? null : { content: row.refinedContent, type: row.refinementType as RefinementType },
    refinement_type: row.refinementType as RefinementType,
    audio_duration_seconds: row.audioDurationSeconds,
    processing_time_seconds: row.processingTimeSeconds,
    cost_credits: row.costCredits,
    file_size_bytes: row.fileSizeBytes,
    original_filename: row.originalFilename,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    audio_url: row.fileId ? `/api/files/serve/${row.fileId}` : null,
    mime_type: row.mimeType,
    provider: row.provider,
    draft: row.draft,
    draft_label: row.draft ? LOCAL_DRAFT_LABEL : null,
    error_message: failed ? (row.errorMessage ?? row.generationError) : row.errorMessage,
    has_timings: (row.segments?.length ?? 0) > 0,
    refinement_note: refinementNote(row),
  };
}

/** The text a transcription shows: the refinement when there is one, else the words heard. */
export function mainText(row: Pick<TranscriptionView, 'refinementType' | 'refinedContent' | 'rawTranscription'>): string {
  return (row.refinementType !== 'raw' ? row.refinedContent : null) ?? row.rawTranscription ?? '';
}

/**
 * Audio transcription (spec 3 §2-9) on the one generation lifecycle: the duration is read from the file before
 * anything is held, the hold is minutes × the type's per-minute price, a job transcribes and refines, and the
 * capture is the price of the duration the engine really heard (never above the hold). A failure releases all.
 */
export function createTranscriptionsService(deps: TranscriptionsDeps) {
  const { db, lifecycle, providers } = deps;

  /** The engine a new transcription runs on: the admin's choice when it is set and can run here, else the server's. */
  async function currentTranscriber(): Promise<SpeechTranscriber | null> {
    const chosen = deps.chosenEngine ? await deps.chosenEngine() : null;
    return (chosen && providers.transcribers?.[chosen]) || providers.transcriber;
  }

  async function own(userId: string, id: string): Promise<TranscriptionView> {
    const row = await repo.findOwn(db, userId, id);
    if (!row) throw notFound(TRANSCRIPTION_MESSAGES.notFound);
    return row;
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
    const run = await lifecycle.claim(generationId, attempt);
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

    async download(userId: string, id: string, format: 'txt' | 'srt' | 'vtt'): Promise<{ body: string; filename: string; contentType: string }> {
      const row = await own(userId, id);
      if (row.status !== 'completed') throw conflict('The transcription has not finished yet.');
      if (format === 'txt') {
        const label = row.draft ? `${LOCAL_DRAFT_LABEL}\n\n` : '';
        return { body: `${label}${mainText(row)}\n`, filename: downloadName(row.title, 'txt'), contentType: 'text/plain; charset=utf-8' };
      }
      if (!row.segments?.length) throw notFound(TRANSCRIPTION_MESSAGES.noTimings);
      return format === 'srt'
        ? { body: toSrt(row.segments), filename: downloadName(row.title, 'srt'), contentType: 'application/x-subrip; charset=utf-8' }
        : { body: toVtt(row.segments), filename: downloadName(row.title, 'vtt'), contentType: 'text/vtt; charset=utf-8' };
    },

    /**
     * Refines a text sent to the bot: priced as the minutes it would take to say (WORDS_PER_MINUTE) at the type's
     * per-minute price, or free on the local composer; saved as a content item.
     */
    async refineText(input: { userId: string; text: string; type: RefinementType }): Promise<{ text: string; charged: string; draft: boolean }> {
      const text = input.text.trim();
      if (!text) throw badRequest('Send some text to refine.');
      const type = input.type === 'raw' ? 'refined' : input.type;
      const local = !providers.refiner;
      if (local && !providers.localComposer.supports(type)) throw badRequest(TRANSCRIPTION_MESSAGES.refinementUnavailable);
      // The local composer is run before anything is held: a refinement that would only repeat the text is refused, free.
      const composed = local ? providers.localComposer.compose(text, type) : undefined;
      if (composed === null) throw badRequest(TRANSCRIPTION_MESSAGES.textUnchanged(REFINEMENT_LABELS[type].label));
      const words = text.split(/\s+/).length;
      const done = await lifecycle.run(
        {
          userId: input.userId,
          tool: TRANSCRIPTION_TOOL,
          serviceType: 'transcription',
          variant: local ? 'local' : type,
          quantity: billableMinutes((words / WORDS_PER_MINUTE) * 60),
          description: `Text refinement (${REFINEMENT_LABELS[type].label})`,
          provider: local ? providers.localComposer.name : providers.refiner!.name,
          prompt: text.slice(0, 200),
        },
        async () => {
          const refinement = composed !== undefined ? { text: composed } : await refineWith({ kind: 'provider', refiner: providers.refiner! }, text, type);
          const out = refinement.text ?? text;
          return {
            out,
            ...(refinement.cost ? { providerCost: refinement.cost } : {}),
            record: (tx: Parameters<ContentService['createIn']>[0]) =>
              deps.content.createIn(tx, {
                userId: input.userId,
                title: `${REFINEMENT_LABELS[type].label} from Telegram`,
                contentType: type === 'summary' ? 'summary' : 'refined_transcript',
                content: out,
              }),
          };
        },
      );
      return { text: done.result.out, charged: done.charged, draft: local };
    },
  };
}

export type TranscriptionsService = ReturnType<typeof createTranscriptionsService>;
