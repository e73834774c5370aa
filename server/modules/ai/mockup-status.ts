import { MOCKUP_MESSAGES, type MockupJobStatus } from '../../../contract/ai.ts';
import { normalize } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { fileUrl } from './lifecycle.ts';
import { MOCKUP_TOOL } from './mockup-job.ts';
import * as repo from './repository.ts';

/** A mockup job as the page polls it: its state, then its images or the message of its failure. */
export function createMockupStatus(deps: { db: Db }) {
  return async function mockupStatus(userId: string, jobId: string): Promise<MockupJobStatus> {
    const generation = await repo.findUserGeneration(deps.db, jobId, userId);
    if (!generation || generation.tool !== MOCKUP_TOOL) throw notFound('Job not found');
    const styles = (generation.params as { styles?: string[] }).styles ?? [];
    const images = generation.outputFileIds.map((id, i) => ({ image: fileUrl(id), uuid: id, style: styles[i] ?? '' }));
    return {
      job_id: generation.id,
      // A mockup is never cancelled through the generations route (only durable ones are); were it, it failed.
      status: generation.status === 'cancelled' ? 'failed' : generation.status,
      attempts: generation.attempts,
      result: generation.status === 'completed' && images.length > 0 ? { image: images[0]!.image, images, credits_used: normalize(generation.credits) } : null,
      error_message: generation.status === 'failed' || generation.status === 'cancelled' ? (generation.errorMessage ?? MOCKUP_MESSAGES.failed) : null,
    };
  };
}
