import { queryOptions } from '@tanstack/react-query';
import { toolPricingDetailResponse } from '../../../contract/pricing.ts';
import {
  transcriptionListResponse,
  transcriptionSchema,
  transcriptionStarted,
  transcriptionStatusResponse,
  type RefinementType,
  type Transcription,
} from '../../../contract/transcriptions.ts';
import { api, apiUrl, parseAnswer } from '../../lib/api.ts';

export const transcriptionKeys = {
  all: ['transcriptions'] as const,
  list: (q: string, source: string) => ['transcriptions', 'list', q, source] as const,
  one: (uuid: string) => ['transcriptions', 'one', uuid] as const,
  prices: ['transcriptions', 'prices'] as const,
};

/** A 503 or any failure gives an empty list (spec 3 §8). */
export async function fetchTranscriptions(q = '', source = 'all'): Promise<Transcription[]> {
  try {
    const answer = await api.get<unknown>('/transcriptions', { query: { q: q || undefined, source } });
    return parseAnswer(transcriptionListResponse, answer, 'Failed to load transcriptions').transcriptions;
  } catch {
    return [];
  }
}

export const transcriptionsQuery = (q = '', source = 'all') =>
  queryOptions({ queryKey: transcriptionKeys.list(q, source), queryFn: () => fetchTranscriptions(q, source) });

export const transcriptionQuery = (uuid: string) =>
  queryOptions({
    queryKey: transcriptionKeys.one(uuid),
    queryFn: async () => parseAnswer(transcriptionSchema, await api.get<unknown>(`/transcriptions/${encodeURIComponent(uuid)}`), 'Transcription not found'),
    retry: false,
  });

/** Per-minute price of each processing type, from the price list (GET /api/pricing/audio-transcription). */
export const transcriptionPricesQuery = queryOptions({
  queryKey: transcriptionKeys.prices,
  queryFn: async () => {
    const detail = parseAnswer(toolPricingDetailResponse, await api.get<unknown>('/pricing/audio-transcription'), 'Failed to load prices');
    return Object.fromEntries(detail.variants.map((v) => [v.service_variant, v.user_cost_credits])) as Record<string, string>;
  },
  staleTime: 5 * 60_000,
});

export async function startTranscription(file: File, type: RefinementType, idempotencyKey: string) {
  const form = new FormData();
  form.append('refinement_type', type);
  form.append('audio_file', file, file.name);
  return parseAnswer(transcriptionStarted, await api.post<unknown>('/transcriptions', form, { idempotencyKey }), 'Transcription failed');
}

export async function fetchStatus(uuid: string) {
  return parseAnswer(transcriptionStatusResponse, await api.get<unknown>('/transcriptions/status', { query: { uuid } }), 'Failed to check the transcription');
}

export async function saveTitle(uuid: string, title: string): Promise<Transcription> {
  return parseAnswer(transcriptionSchema, await api.put<unknown>(`/transcriptions/${uuid}/title`, { title }), 'Failed to save title');
}

export async function saveContent(uuid: string, content: string): Promise<Transcription> {
  return parseAnswer(transcriptionSchema, await api.put<unknown>(`/transcriptions/${uuid}/content`, { content }), 'Failed to save content');
}

export async function deleteTranscription(uuid: string): Promise<void> {
  await api.delete<unknown>(`/transcriptions/${uuid}`);
}

export const downloadUrl = (uuid: string, format: 'txt' | 'srt' | 'vtt') => apiUrl(`/transcriptions/${uuid}/download`, { format });

/** The text a transcription shows: its refinement when there is one, else the words heard. */
export const mainText = (t: Transcription) => t.refined_content?.content ?? t.raw_transcription ?? '';

export const minutesOf = (t: Transcription) => (t.audio_duration_seconds === null ? '—' : `${(t.audio_duration_seconds / 60).toFixed(1)} min`);
