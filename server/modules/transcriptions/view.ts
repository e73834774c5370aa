import { LOCAL_DRAFT_LABEL, REFINEMENT_LABELS, TRANSCRIPTION_MESSAGES, type RefinementType, type Transcription } from '../../../contract/transcriptions.ts';
import { notFound } from '../../lib/errors.ts';
import type { TranscriptionView } from './repository.ts';
import { downloadName, toSrt, toVtt } from './subtitles.ts';

/** What a user sees of a transcription row: on the page and in the bot, and as a downloaded text or subtitles. */

/**
 * A finished transcription that asked for a refinement and has none: the local composer found nothing to do (a
 * transcript too short to summarise, nothing to clean up). Its price never included the refinement (a local draft's
 * one price, or the raw price): the note says so.
 */
export function refinementNote(row: Pick<TranscriptionView, 'status' | 'refinementType' | 'refinedContent'>): string | null {
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

export type ExportFormat = 'txt' | 'srt' | 'vtt';

/** A finished transcription as a file: its text (a local draft labelled as one), or its timed words as subtitles. */
export function exportFile(
  row: Pick<TranscriptionView, 'draft' | 'title' | 'segments' | 'refinementType' | 'refinedContent' | 'rawTranscription'>,
  format: ExportFormat,
): { body: string; filename: string; contentType: string } {
  if (format === 'txt') {
    const label = row.draft ? `${LOCAL_DRAFT_LABEL}\n\n` : '';
    return { body: `${label}${mainText(row)}\n`, filename: downloadName(row.title, 'txt'), contentType: 'text/plain; charset=utf-8' };
  }
  if (!row.segments?.length) throw notFound(TRANSCRIPTION_MESSAGES.noTimings);
  return format === 'srt'
    ? { body: toSrt(row.segments), filename: downloadName(row.title, 'srt'), contentType: 'application/x-subrip; charset=utf-8' }
    : { body: toVtt(row.segments), filename: downloadName(row.title, 'vtt'), contentType: 'text/vtt; charset=utf-8' };
}
