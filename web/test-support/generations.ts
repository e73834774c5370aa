import type { GenerationStatus } from '../../contract/generations.ts';
import { jsonResponse } from './fetch-stub.ts';

/** A generation's status as GET /api/generations/:id answers it: a headshot processing, with `change` on top. */
export const generationStatusOf = (id: string, change: Partial<GenerationStatus> = {}): GenerationStatus => ({
  generation_id: id,
  tool: 'ai-headshot',
  title: 'AI Headshot',
  status: 'processing',
  progress: null,
  provider: 'gemini',
  credits: '0.5000',
  created_at: new Date().toISOString(),
  completed_at: null,
  result: null,
  error: null,
  ...change,
});

/** A tool call's 202: the generation queued, with its status URL. */
export const acceptedResponse = (id: string) =>
  jsonResponse({ success: true, data: { generation_id: id, status: 'queued', status_url: `/api/generations/${id}` } }, 202);
