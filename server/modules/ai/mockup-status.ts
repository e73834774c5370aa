import { MOCKUP_MESSAGES, type MockupJobStatus } from '../../../contract/ai.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { MOCKUP_TOOL, mockupAnswer } from './mockup-job.ts';
import * as repo from './repository.ts';

/** A mockup job as the page polls it: its state, then its images or the message of its failure. */
export function createMockupStatus(deps: { db: Db }) {
  return async function mockupStatus(userId: string, jobId: string): Promise<MockupJobStatus> {
    const generation = await repo.findUserGeneration(deps.db, jobId, userId);
    if (!generation || generation.tool !== MOCKUP_TOOL) throw notFound('Job not found');
    return {
      job_id: generation.id,
      // A mockup is never cancelled through the generations route (only durable ones are); were it, it failed.
      status: generation.status === 'cancelled' ? 'failed' : generation.status,
      attempts: generation.attempts,
      result: mockupAnswer(generation),
      error_message: generation.status === 'failed' || generation.status === 'cancelled' ? (generation.errorMessage ?? MOCKUP_MESSAGES.failed) : null,
    };
  };
}
