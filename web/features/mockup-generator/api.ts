/** The mockup generator's calls (spec 2 §7): submit a job, then read its status. */
import { z } from 'zod';
import { mockupJobStatus, mockupSubmittedResponse, type MockupJobStatus, type mockupRequest } from '../../../contract/ai.ts';
import { api, parseAnswer } from '../../lib/api.ts';

export type MockupBody = z.input<typeof mockupRequest>;

/** POST /api/ai/generate-image with toolName mockup-generator: holds the cost and queues the job. */
export async function submitMockup(body: MockupBody, idempotencyKey?: string): Promise<z.infer<typeof mockupSubmittedResponse>> {
  const data = await api.post<unknown>('/ai/generate-image', body, { idempotencyKey });
  return parseAnswer(mockupSubmittedResponse, data, 'Generation failed: the server answered in an unexpected shape');
}

/** GET /api/ai/mockup-job-status?job_id=… */
export async function fetchMockupStatus(jobId: string, signal?: AbortSignal): Promise<MockupJobStatus> {
  return parseAnswer(mockupJobStatus, await api.get<unknown>('/ai/mockup-job-status', { query: { job_id: jobId }, signal }), 'Job failed');
}
