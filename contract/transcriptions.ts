import { z } from 'zod';
import { TRANSCRIPTION_PRICES } from './tools/transcription.ts';

/** Audio transcription with refinements, its list, library and detail page (spec 3 §2-9). */
export const REFINEMENT_TYPES = ['raw', 'refined', 'summary', 'conclusions', 'devils_advocate', 'action_points'] as const;
export type RefinementType = (typeof REFINEMENT_TYPES)[number];
export const refinementType = z.enum(REFINEMENT_TYPES);

/** The types the local text composer makes without an AI text provider (a devil's advocate needs reasoning). */
export const LOCAL_COMPOSER_TYPES: readonly RefinementType[] = ['raw', 'refined', 'summary', 'conclusions', 'action_points'];

/** What each processing type is called on the page and in the bot. */
export const REFINEMENT_LABELS: Record<RefinementType, { label: string; description: string }> = {
  raw: { label: 'Raw transcription', description: 'The words as spoken' },
  refined: { label: 'Refined', description: 'Clean, punctuated text without filler words' },
  summary: { label: 'Summary', description: 'The key points in a few paragraphs' },
  conclusions: { label: 'Conclusions', description: 'What was decided and concluded' },
  devils_advocate: { label: "Devil's advocate", description: 'The weak points and counter-arguments' },
  action_points: { label: 'Action points', description: 'A checklist of who does what' },
};

/** Spec 3 §9 per-minute prices (the seed; the pricing table is what the server charges). */
export const TRANSCRIPTION_DEFAULT_PRICES: Record<RefinementType, string> = TRANSCRIPTION_PRICES;

export const TRANSCRIPTION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];
export const TRANSCRIPTION_SOURCES = ['web', 'telegram', 'api'] as const;
export type TranscriptionSource = (typeof TRANSCRIPTION_SOURCES)[number];

/** Spec 3 §5: the MIME types the page takes (audio, and video containers with a sound track). */
export const TRANSCRIPTION_MIME_TYPES = [
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/mp3',
  'audio/mpeg',
  'audio/mp4',
  'audio/m4a',
  'audio/x-m4a',
  'audio/webm',
  'audio/ogg',
  'video/webm',
  'video/mp4',
  'video/ogg',
] as const;

/** Spec 3 §4, §9: polling of a started job and of the detail page. */
export const TRANSCRIPTION_POLL = {
  firstAfterMs: 1000,
  intervalMs: 2500,
  maxAttempts: 120,
  errorRetryMs: 5000,
  detailIntervalMs: 2000,
  /** The in-progress bar's fixed width. */
  progressPercent: 45,
} as const;

/** The local draft engine (pocketsphinx, English only): every result it gives carries this label. */
export const LOCAL_DRAFT_LABEL = 'Draft: local engine, expect errors';

/** Spec 3 §5, §8 and the server's own refusals. */
export const TRANSCRIPTION_MESSAGES = {
  missingFile: 'Please select an audio file or record one',
  invalidType: 'Please select a valid audio file (WAV, MP3, MP4, M4A, WebM, OGG)',
  insufficient: (required: string, available: string) => `Insufficient credits. This operation requires ${required} credits, but you have ${available}`,
  /** Asked in the app's dialog before a paid start (a free draft starts without asking). */
  confirm: (cost: string) => `This will cost approximately ${cost} credits: they are held now, and the recording's real length is charged when it is done.`,
  microphone: 'Error accessing microphone. Please check permissions.',
  settingUp: 'Transcription service is currently being set up. Please check back soon!',
  startError: (message: string) => `Error: ${message}`,
  startFailed: 'Transcription failed',
  failedReleased: 'Transcription failed. Your credits have been released.',
  timeout: 'Transcription is taking longer than expected. Check back later.',
  titleEmpty: 'Title cannot be empty',
  titleSaveFailed: 'Failed to save title. Please try again.',
  titleSaveError: 'Error saving title. Please try again.',
  contentSaveFailed: 'Failed to save content. Please try again.',
  contentSaveError: 'Error saving content. Please try again.',
  deleteFailed: 'Failed to delete transcription. Please try again.',
  notFound: 'Transcription not found',
  notFoundHeading: 'Transcription Not Found',
  /** The server could not read a duration from the file (nothing is charged). */
  unreadable: 'The audio file could not be read: no duration was found. Please upload a WAV, MP3, MP4, M4A, WebM or OGG recording.',
  /** A refinement of a local draft when no text provider is set and the local composer cannot make that type. */
  draftRefinementUnavailable: 'This refinement needs an AI text provider, which is not set up. Choose Raw transcription for a local draft.',
  localEnglishOnly: 'The local draft engine understands English only.',
  refinementUnavailable: "This processing type needs an AI text provider, which is not set up here. Choose another type.",
  tooLong: (minutes: number) => `This recording is too long for the local draft engine: the limit is ${minutes} minutes.`,
  deleteWhileRunning: 'This transcription is still being processed. Delete it once it has finished.',
  noTimings: 'Subtitles need word timings, which this transcription does not have. Download it as text instead.',
  /** The local composer's refinement would only have repeated the transcript: none is shown and none was charged. */
  refinementUnchanged: (label: string) =>
    `No ${label.toLowerCase()} was made: the transcript is too short for one or had nothing to clean up, so it is shown as heard. Nothing was charged for the ${label.toLowerCase()}.`,
  /** The same, for a text sent to be refined: refused before anything is held. */
  textUnchanged: (label: string) =>
    `Your text needs no ${label.toLowerCase()}: it is too short for one or has nothing to clean up, so it would come back as it is. Nothing was charged.`,
} as const;

/** The spec's client estimate (spec 3 §9): file size in MB rounded up (minimum 1) times the per-minute rate. */
export function estimateTranscriptionCost(fileSizeBytes: number, perMinute: string): number {
  const mb = Math.max(1, Math.ceil(fileSizeBytes / (1024 * 1024)));
  return Math.round(mb * Number(perMinute) * 10_000) / 10_000;
}

/** The server's charge: the real duration in minutes, rounded up (minimum 1), times the per-minute price. */
export function billableMinutes(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds / 60));
}

/** POST /api/transcriptions answers this (spec 3 §3). */
export const transcriptionStarted = z.object({
  uuid: z.string(),
  transcription_id: z.number().int(),
  job_id: z.string(),
  estimated_cost: z.string(),
  /** Beyond the spec: the real duration read from the file, and the engine that will run. */
  audio_duration_seconds: z.number(),
  draft: z.boolean(),
});
export type TranscriptionStarted = z.infer<typeof transcriptionStarted>;

export const transcriptSegment = z.object({ start: z.number(), end: z.number(), text: z.string() });

/** One transcription (spec 3 §3), with what the pages need beyond it. */
export const transcriptionSchema = z.object({
  uuid: z.string(),
  transcription_id: z.number().int(),
  title: z.string(),
  status: z.enum(TRANSCRIPTION_STATUSES),
  source: z.enum(TRANSCRIPTION_SOURCES),
  raw_transcription: z.string().nullable(),
  /** The spec allows text or an object with a content field: the server sends the object. */
  refined_content: z.object({ content: z.string(), type: refinementType }).nullable(),
  refinement_type: refinementType,
  audio_duration_seconds: z.number().nullable(),
  processing_time_seconds: z.number().nullable(),
  cost_credits: z.string(),
  file_size_bytes: z.number(),
  original_filename: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Where the audio is served (Range, ?download=true); null once the file is gone. */
  audio_url: z.string().nullable(),
  mime_type: z.string().nullable(),
  provider: z.string().nullable(),
  draft: z.boolean(),
  /** The label a draft carries everywhere, else null. */
  draft_label: z.string().nullable(),
  error_message: z.string().nullable(),
  /** SRT and VTT downloads exist only when the engine gave timings. */
  has_timings: z.boolean(),
  /** Set when a refinement was asked and none was made (it would only have repeated the transcript): says so, and that it was not charged. */
  refinement_note: z.string().nullable(),
});
export type Transcription = z.infer<typeof transcriptionSchema>;

export const transcriptionListResponse = z.object({ transcriptions: z.array(transcriptionSchema) });
export const transcriptionStatusResponse = z.object({
  uuid: z.string(),
  status: z.enum(TRANSCRIPTION_STATUSES),
  error_message: z.string().nullable(),
});
export const transcriptionParams = z.object({ uuid: z.uuid() });
export const transcriptionStatusQuery = z.object({ uuid: z.uuid() });
export const transcriptionListQuery = z.object({
  q: z.string().max(200).optional(),
  source: z.enum(['all', ...TRANSCRIPTION_SOURCES]).default('all'),
});
export const transcriptDownloadQuery = z.object({ format: z.enum(['txt', 'srt', 'vtt']).default('txt') });
export const transcriptionDeleteResponse = z.object({ deleted: z.literal(true) });

export const transcriptionTitleRequest = z.strictObject({ title: z.string().max(200) });
export const transcriptionContentRequest = z.strictObject({ content: z.string().max(1_000_000) });

/** Downloads beyond the spec: text always, subtitles when timings exist. */
export const TRANSCRIPT_FORMATS = ['txt', 'srt', 'vtt'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];
