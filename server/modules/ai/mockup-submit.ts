import { MOCKUP_MESSAGES, type MockupRequest, type MockupStyle } from '../../../contract/ai.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { inferMockupStyle } from '../../providers/ai/mockup-style.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import type { Lifecycle, PaidWork, Run } from './lifecycle.ts';
import { MOCKUP_JOB, MOCKUP_TOOL } from './mockup-job.ts';
import { checkedImage, type ImageLimits } from './preprocess.ts';

export interface MockupSubmitDeps {
  lifecycle: Pick<Lifecycle, 'start' | 'enqueue' | 'fail'>;
  providers: Pick<AiProviders, 'mockupEditor'>;
  images: ImageLimits;
  log: { error(obj: object, msg: string): void };
}

/** Not a message of the spec: its one-image shape and the page's shape were mixed in one body. */
export const BOTH_SHAPES = 'Send either imageData (one artwork, style from the prompt) or images with styles, not both.';

/**
 * The artworks and styles a request asks for. The page sends `images` + `styles`; the spec's call shape (spec 2 §7)
 * sends one `imageData` with `userPrompt` (or `prompt`): one style, named by the prompt's words, else custom with
 * the prompt as its description (it only chooses the template drawn).
 */
export function jobOf(req: MockupRequest): { spec: boolean; images: string[]; styles: MockupStyle[]; customStyle: string | undefined } {
  if (req.imageData !== undefined) {
    if (req.images.length > 0 || req.styles.length > 0) throw badRequest(BOTH_SHAPES);
    const words = (req.userPrompt ?? req.prompt ?? '').trim();
    const named = inferMockupStyle(words);
    return { spec: true, images: [req.imageData], styles: [named ?? 'custom'], customStyle: named ? undefined : words || undefined };
  }
  if (req.images.length === 0 || req.styles.length === 0) throw badRequest(MOCKUP_MESSAGES.missing);
  if (req.styles.includes('custom') && !req.customStyle?.trim()) throw badRequest(MOCKUP_MESSAGES.customMissing);
  if (req.images.length > 1 && req.images.length !== req.styles.length) throw badRequest(MOCKUP_MESSAGES.countMismatch);
  return { spec: false, images: req.images, styles: req.styles, customStyle: req.customStyle };
}

/** A mockup request checked (artworks, styles) as the work it holds: the price of every style, the artworks as uploads. */
export async function mockupWork(deps: Pick<MockupSubmitDeps, 'providers' | 'images'>, userId: string, req: MockupRequest): Promise<PaidWork> {
  const job = jobOf(req);
  const sources = await Promise.all(job.images.map((image, i) => checkedImage(image, job.spec ? 'imageData' : `images.${i}`, deps.images)));
  const styles = job.styles.length;
  return {
    userId,
    tool: MOCKUP_TOOL,
    serviceType: 'mockup',
    quantity: styles,
    description: `Mockup generator (${styles} ${styles === 1 ? 'style' : 'styles'})`,
    provider: deps.providers.mockupEditor?.name ?? 'Local engine',
    prompt: job.customStyle ?? null,
    uploads: sources.map((source) => ({ userId, data: source.buffer, entityType: 'upload', toolName: MOCKUP_TOOL })),
    params: { styles: job.styles, customStyle: job.customStyle, background: req.background, color1: req.color1, color2: req.color2, dimensions: req.dimensions, shadow: req.shadow },
    queued: true,
  };
}

/** Mockup generator: checks, holds the price of every style, and queues the job (spec 2 §2); mockup-job.ts renders it. */
export function createMockupSubmit(deps: MockupSubmitDeps) {
  return async function submitMockup(userId: string, req: MockupRequest): Promise<{ job_id: string; credits_held: string }> {
    const work = await mockupWork(deps, userId, req);
    let run: Run | null = null;
    try {
      run = await deps.lifecycle.start(work);
      await deps.lifecycle.enqueue(run, MOCKUP_JOB);
      return { job_id: run.generation.id, credits_held: run.amount };
    } catch (err) {
      // Never queued: refunded and marked failed together (it would otherwise wait as pending until the sweep).
      if (run) await deps.lifecycle.fail(run, err, { shown: 'The mockup could not be queued. Nothing was charged.' });
      if (err instanceof AppError) throw err;
      deps.log.error({ err }, 'could not queue a mockup job');
      throw new AppError('SERVICE_UNAVAILABLE', 'The mockup service is busy. Please try again in a minute; nothing was charged.');
    }
  };
}
