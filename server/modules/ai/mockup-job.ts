import { LOCAL_PREVIEW_NOTE, type MockupJobStatus, type MockupRequest, type MockupStyle } from '../../../contract/ai.ts';
import { normalize } from '../../../contract/decimal.ts';
import { LOCAL_VARIANT, previewText } from '../../providers/ai/engine.ts';
import { LOCAL_ENGINE } from '../../providers/ai/local-engine.ts';
import { renderMockup, type RenderedMockup } from '../../providers/ai/mockup-templates.ts';
import type { AiProviders, ProviderCost } from '../../providers/ai/types.ts';
import type { FilesService } from '../files/service.ts';
import { costOf, sumCosts } from '../../providers/ai/cost.ts';
import { fileUrl, isBatchItem, type Lifecycle, type Run } from './lifecycle.ts';
import type { GenerationRow } from './repository.ts';

/**
 * What a local mockup's result says: that it is a drawn template preview, and which template a custom style was
 * drawn as (its description only chose the template; it is never printed on the image).
 */
export function localText(style: MockupStyle, drawn: Pick<RenderedMockup, 'templateName' | 'fromDescription'>): string {
  const what =
    style !== 'custom' ? `Mockup: ${drawn.templateName}`
    : drawn.fromDescription ? `Mockup: custom, drawn as the ${drawn.templateName} template your description names`
    : `Mockup: custom, drawn as a neutral ${drawn.templateName} (no template matched your description)`;
  return `${what}. ${LOCAL_PREVIEW_NOTE}: a drawn template preview.`;
}

/**
 * A completed mockup's answer, as its status routes give it (GET /api/ai/mockup-job-status and, stored at completion,
 * GET /api/generations/:id): its images by style, what it cost, and, like every tool's answer, whether it is the local
 * engine's preview, with the note at the start of its text. Null until it has images.
 */
export function mockupAnswer(generation: GenerationRow): MockupJobStatus['result'] {
  if (generation.status !== 'completed' || generation.outputFileIds.length === 0) return null;
  const styles = (generation.params as { styles?: string[] }).styles ?? [];
  const images = generation.outputFileIds.map((id, i) => ({ image: fileUrl(id), uuid: id, style: styles[i] ?? '' }));
  const preview = generation.serviceVariant === LOCAL_VARIANT;
  return {
    image: images[0]!.image,
    images,
    credits_used: normalize(generation.credits),
    preview,
    text: previewText(preview, preview ? 'Drawn template previews: your artwork placed on each product.' : null),
  };
}

export const MOCKUP_JOB = 'ai.mockup';
export const MOCKUP_TOOL = 'mockup-generator';
/** A failed attempt is retried this many times, then the job fails uncharged. */
export const MOCKUP_JOB_RETRY_LIMIT = 1;

type MockupParams = Pick<MockupRequest, 'styles' | 'customStyle' | 'background' | 'color1' | 'color2' | 'dimensions' | 'shadow'>;

/**
 * How long one mockup attempt may run: every attempt must end before the job's credit hold expires
 * (HOLD_TTL_MINUTES), or the sweep would fail a generation still being worked on. At most 10 minutes,
 * with a minute's margin for the queue.
 */
export function mockupAttemptSeconds(holdTtlMinutes: number): number {
  const perAttempt = Math.floor((holdTtlMinutes * 60 - 60) / (MOCKUP_JOB_RETRY_LIMIT + 1));
  return Math.max(60, Math.min(10 * 60, perAttempt));
}

export interface MockupJobDeps {
  lifecycle: Pick<Lifecycle, 'claim' | 'complete' | 'requeue' | 'fail' | 'renewHold'>;
  files: Pick<FilesService, 'readOwn'>;
  providers: Pick<AiProviders, 'mockupEditor'>;
  log: { warn(obj: object, msg: string): void };
  /** A batch item's hold (kept for its wait in the queue) lives this long from its claim (HOLD_TTL_MINUTES). */
  holdTtlMinutes: number;
}

/**
 * The worker's side of a mockup job: draws every style, then charges for all of them at once. Safe to run twice:
 * only the worker that claims an attempt renders it, and a settled generation is left alone.
 */
export function createMockupJob(deps: MockupJobDeps) {
  /** Draws and stores every style; answers what the provider's calls cost (none for the local templates). */
  async function renderStyles(run: Run): Promise<ProviderCost | undefined> {
    const { userId, inputFileIds, params } = run.generation;
    const { styles, ...options } = params as MockupParams;
    const costs: Array<ProviderCost | undefined> = [];
    for (const [i, style] of styles.entries()) {
      // One artwork for every style, or one each.
      const artwork = (await deps.files.readOwn(userId, inputFileIds.length > 1 ? inputFileIds[i]! : inputFileIds[0]!)).data;
      const drawn = await renderMockup({ artwork, ...options, style });
      const description = style === 'custom' ? (options.customStyle ?? 'custom') : style.replaceAll('-', ' ');
      const editor = deps.providers.mockupEditor;
      let image = drawn.image;
      if (editor) {
        const painted = await editor.editImage({
          images: [{ data: drawn.image, mime: 'image/png' }],
          prompt: `Turn this product mockup (${description}) into a photorealistic 3D product photo. Keep the artwork on the product exactly as it is, keep the framing and background style.`,
        });
        image = painted.data;
        costs.push(costOf(painted));
      }
      await run.store({
        data: image,
        entityType: 'generated_image',
        // The local drawing is libvips' own PNG; a provider's painting is re-encoded as anything from outside.
        reencode: !!editor,
        toolName: MOCKUP_TOOL,
        prompt: editor ? `Mockup: ${description}` : localText(style, drawn),
        metadata: {
          style,
          // The owner's own description of a custom style: a shared mockup's page is named after it.
          ...(style === 'custom' && options.customStyle ? { customStyle: options.customStyle } : {}),
          template: drawn.template,
          background: options.background,
          dimensions: options.dimensions,
          shadow: options.shadow,
          provider: editor?.name ?? LOCAL_ENGINE,
          ...(editor ? {} : { preview: true }),
        },
      });
    }
    return sumCosts(costs);
  }

  return async function runMockupJob(generationId: string, attempt: number): Promise<void> {
    const run = await deps.lifecycle.claim(generationId, attempt, MOCKUP_JOB);
    if (!run) return;
    try {
      if (isBatchItem(run.generation)) await deps.lifecycle.renewHold(run, deps.holdTtlMinutes);
      const providerCost = await renderStyles(run);
      // A worker killed before this commit leaves no partial styles in the gallery and nothing charged.
      await deps.lifecycle.complete(run, providerCost ? { providerCost } : {}, ({ generation }) => mockupAnswer(generation) ?? {});
    } catch (err) {
      deps.log.warn({ err, generationId, attempt }, 'mockup job attempt failed');
      // A failed attempt keeps none of its styles: the retry draws them all again, or the job fails uncharged.
      if (attempt < MOCKUP_JOB_RETRY_LIMIT) {
        await deps.lifecycle.requeue(run);
        throw err;
      }
      await deps.lifecycle.fail(run, err, { shown: 'The mockup could not be made. Nothing was charged.' });
    }
  };
}
