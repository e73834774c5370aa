import { AI_ERROR_COPY, MOCKUP_MESSAGES, type GeneratedImage, type MockupJobStatus, type MockupRequest, type MorphRequest, type UpscaleProviders, type UpscaleRequest } from '../../../contract/ai.ts';
import { add, mul, normalize } from '../../../contract/decimal.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { JobSender } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderMockup } from '../../providers/ai/mockup-templates.ts';
import { ProviderError, type ImageEditor, type ImageUpscaler } from '../../providers/ai/types.ts';
import type { CreditsService } from '../credits/service.ts';
import { processImage } from '../files/media.ts';
import type { FilesService, StoredFile } from '../files/service.ts';
import type { PricingService } from '../pricing/service.ts';
import { decodeImageData, morphPrompt, prepareSource } from './preprocess.ts';
import * as repo from './repository.ts';
import type { GenerationRow } from './repository.ts';

export const MOCKUP_JOB = 'ai.mockup';
type MockupParams = Pick<MockupRequest, 'styles' | 'customStyle' | 'background' | 'color1' | 'color2' | 'dimensions' | 'shadow'>;
const MOCKUP_JOB_RETRIES = 1;

/** The providers each capability uses, chosen from the settings by the registry. */
export interface AiProviders {
  imageEditor: ImageEditor;
  /** A provider that paints photorealistic mockups; null draws them with the local templates. */
  mockupEditor: ImageEditor | null;
  upscalers: Record<string, ImageUpscaler>;
  defaultUpscaler: string;
}

export interface AiDeps {
  db: Db;
  clock: Clock;
  credits: Pick<CreditsService, 'hold' | 'captureIn' | 'releaseIn'>;
  pricing: Pick<PricingService, 'price' | 'list'>;
  files: Pick<FilesService, 'store' | 'record' | 'discardStored' | 'readOwn'>;
  jobs: JobSender;
  providers: AiProviders;
  settings: { maxImagePixels: number; maxImageBytes: number; isDevelopment: boolean; holdTtlMinutes: number };
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const fileUrl = (id: string) => `/api/files/serve/${id}`;

/** Turns a provider failure into the error the browser shows: class, headline and tip (spec 2 §8). */
export function providerFailure(err: ProviderError): AppError {
  const copy = AI_ERROR_COPY[err.errorClass];
  const code =
    err.errorClass === 'content_policy' || err.errorClass === 'recitation'
      ? 'AI_CONTENT_BLOCKED'
      : err.errorClass === 'rate_limit'
        ? 'AI_RATE_LIMITED'
        : err.errorClass === 'file_too_large'
          ? 'PAYLOAD_TOO_LARGE'
          : err.errorClass === 'timeout'
            ? 'AI_TIMEOUT'
            : 'AI_PROVIDER_ERROR';
  const detail = err.errorClass === 'unknown' && err.message ? `Generation failed: ${err.message}` : copy.headline;
  return new AppError(code, detail, { error_class: err.errorClass, tip: copy.tip, provider: err.provider });
}

/**
 * The AI tools' use cases. Every paid call quotes its price, holds it, runs, saves its output as a file,
 * then captures the hold; any failure releases it, so failed work costs nothing. Every call is recorded.
 */
export function createAiService(deps: AiDeps) {
  const { db, clock, credits, pricing, files, providers } = deps;

  async function checkedImage(data: string, field: string) {
    return processImage(decodeImageData(data, field, deps.settings.maxImageBytes), deps.settings.maxImagePixels);
  }

  interface Paid {
    userId: string;
    tool: string;
    serviceType: string;
    variant: string;
    amount: string;
    prompt: string | null;
    provider: string;
    description: string;
    inputFileIds?: string[];
    params?: Record<string, unknown>;
  }

  /** Deletes the objects of outputs that were never recorded (work not charged); what fails here reconciliation removes. */
  async function discard(outputs: StoredFile[]) {
    for (const stored of outputs) await files.discardStored(stored);
  }

  /**
   * Hold → run → capture, with the generation recorded; on failure the hold is released and the error classified.
   * The output's objects are written by `work`, but its file row is recorded in the capture transaction: a process
   * killed before that commit leaves nothing in the gallery and nothing charged, only objects reconciliation removes.
   */
  async function runPaid(paid: Paid, work: () => Promise<{ stored: StoredFile; text?: string; provider: string; model?: string }>) {
    const started = Date.now();
    const hold = await credits.hold({ userId: paid.userId, amount: paid.amount, serviceType: paid.serviceType, variant: paid.variant, description: paid.description });
    let generation: GenerationRow | null = null;
    let output: StoredFile | null = null;
    try {
      generation = await repo.insertGeneration(db, {
        userId: paid.userId,
        tool: paid.tool,
        serviceType: paid.serviceType,
        serviceVariant: paid.variant,
        provider: paid.provider,
        prompt: paid.prompt,
        status: 'processing',
        credits: paid.amount,
        holdId: hold.id,
        attempts: 1,
        inputFileIds: paid.inputFileIds ?? [],
        params: paid.params ?? {},
        createdAt: clock.now(),
      });
      const result = await work();
      output = result.stored;
      const stored = output;
      const processingTimeMs = Date.now() - started;
      const done = generation;
      // The charge, the record of what it paid for and the output's file row commit together, or none does.
      const { charged, file } = await db.transaction(async (tx) => {
        const capture = await credits.captureIn(tx, hold.id, { generationType: paid.serviceType });
        const file = await files.record(tx, stored);
        await repo.updateGeneration(tx, done.id, {
          status: 'completed',
          provider: result.provider,
          model: result.model ?? null,
          credits: capture.charged,
          outputFileIds: [file.id],
          processingTimeMs,
          completedAt: clock.now(),
        });
        return { ...capture, file };
      });
      return { generation: done, result: { ...result, file }, charged, processingTimeMs };
    } catch (err) {
      const classified = err instanceof ProviderError ? err : null;
      const failed = generation;
      // The refund and the 'failed' record commit together: a kill cannot leave the generation processing.
      await db.transaction(async (tx) => {
        await credits.releaseIn(tx, hold.id);
        if (failed) await repo.updateGeneration(tx, failed.id, {
          status: 'failed',
          errorClass: classified?.errorClass ?? (err instanceof AppError ? err.code.toLowerCase() : 'server'),
          errorMessage: (err as Error).message.slice(0, 500),
          processingTimeMs: Date.now() - started,
          completedAt: clock.now(),
        });
      });
      // Not charged (the charge and its record commit together), so the output is not kept either.
      if (output) await discard([output]);
      if (classified) throw providerFailure(classified);
      if (err instanceof AppError) throw err;
      deps.log.error({ err, generation: generation?.id }, 'generation failed');
      throw new AppError('AI_PROVIDER_ERROR', AI_ERROR_COPY.server.headline, { error_class: 'server', tip: AI_ERROR_COPY.server.tip });
    }
  }

  async function mockupArtwork(generation: GenerationRow, index: number): Promise<Buffer> {
    const ids = generation.inputFileIds;
    const id = ids.length > 1 ? ids[index]! : ids[0]!;
    return (await files.readOwn(generation.userId, id)).data;
  }

  /** Renders every requested style into stored (not yet recorded) files; the job's whole work, safe to repeat. */
  async function renderMockups(generation: GenerationRow): Promise<StoredFile[]> {
    const params = generation.params as MockupParams;
    const outputs: StoredFile[] = [];
    try {
      await renderEach(generation, params, outputs);
    } catch (err) {
      // A failed attempt keeps none of its styles: the retry draws them all again, or the job fails uncharged.
      await discard(outputs);
      throw err;
    }
    return outputs;
  }

  async function renderEach(generation: GenerationRow, params: MockupParams, outputs: StoredFile[]): Promise<void> {
    for (const [i, style] of params.styles.entries()) {
      const artwork = await mockupArtwork(generation, i);
      const drawn = await renderMockup({ artwork, ...params, style });
      const description = style === 'custom' ? (params.customStyle ?? 'custom') : style.replaceAll('-', ' ');
      const image = providers.mockupEditor
        ? (
            await providers.mockupEditor.editImage({
              images: [{ data: drawn, mime: 'image/png' }],
              prompt: `Turn this flat product mockup (${description}) into a photorealistic 3D product photo. Keep the artwork on the product exactly as it is, keep the framing and background style.`,
            })
          ).data
        : drawn;
      outputs.push(
        await files.store({
          userId: generation.userId,
          data: image,
          entityType: 'generated_image',
          toolName: 'mockup-generator',
          prompt: `Mockup: ${description}`,
          metadata: { style, background: params.background, dimensions: params.dimensions, shadow: params.shadow, provider: providers.mockupEditor?.name ?? 'Local engine' },
        }),
      );
    }
  }

  return {
    /** See mockupAttemptSeconds. */
    mockupAttemptSeconds: mockupAttemptSeconds(deps.settings.holdTtlMinutes),
    /**
     * The sweep released this hold because its work outlived HOLD_TTL_MINUTES (the process died): the generation
     * it covered is closed as failed in the same transaction, so it does not show as processing forever.
     */
    async failAbandoned(tx: DbOrTx, holdId: string): Promise<number> {
      return repo.failUnfinishedOfHold(tx, holdId, {
        errorClass: 'interrupted',
        errorMessage: 'The generation was interrupted before it finished. Nothing was charged; please try again.',
        completedAt: clock.now(),
      });
    },

    /** AI Image Morpher: one variation of an uploaded image (spec 2 §2). */
    async morph(userId: string, req: MorphRequest): Promise<GeneratedImage> {
      const source = await checkedImage(req.imageData, 'imageData');
      const mask = req.maskData ? await checkedImage(req.maskData, 'maskData') : null;
      if ((req.extensionDirection == null) !== (req.extensionAmount == null)) {
        throw badRequest('extensionDirection and extensionAmount go together');
      }
      const prepared = await prepareSource(source.buffer, {
        crop: req.cropData,
        extend: req.extensionDirection && req.extensionAmount ? { direction: req.extensionDirection, amount: req.extensionAmount } : null,
        aspectRatio: req.aspectRatioProcessed ? 'original' : req.aspectRatio,
      });
      const userPrompt = (req.userPrompt ?? req.prompt ?? '').trim();
      const prompt = morphPrompt(userPrompt, req.variability, prepared.steps);
      const preprocessing = req.aspectRatio !== 'original';
      let amount = await pricing.price('image_generation', 'standard');
      if (preprocessing) amount = add(amount, await pricing.price('preprocessing', 'standard'));
      const editor = providers.imageEditor;
      const { generation, result, charged, processingTimeMs } = await runPaid(
        {
          userId,
          tool: 'image-variator',
          serviceType: 'image_generation',
          variant: 'standard',
          amount,
          prompt: userPrompt || null,
          provider: editor.name,
          description: 'AI Image Morpher',
          params: { aspectRatio: req.aspectRatio, variability: req.variability, steps: prepared.steps },
        },
        async () => {
          const output = await editor.editImage({
            images: [{ data: prepared.image, mime: 'image/png' }],
            mask: mask ? { data: mask.buffer, mime: mask.mime } : undefined,
            prompt,
            aspectRatio: req.aspectRatio === 'original' ? undefined : req.aspectRatio,
            variability: req.variability,
          });
          const stored = await files.store({
            userId,
            data: output.data,
            entityType: 'generated_image',
            toolName: 'image-variator',
            prompt: userPrompt || null,
            metadata: { aspectRatio: req.aspectRatio, variability: req.variability, provider: output.provider, model: output.model ?? null, edit_mode: editMode(req) },
          });
          return { stored, text: output.text, provider: output.provider, model: output.model };
        },
      );
      return {
        image: fileUrl(result.file.id),
        uuid: result.file.id,
        text: result.text ?? null,
        provider: result.provider,
        credits_used: charged,
        generation_id: generation.id,
        processing_time_ms: processingTimeMs,
        ...(req.debugMode && deps.settings.isDevelopment ? { debug: { prompt, steps: prepared.steps, size: [prepared.width, prepared.height] } } : {}),
      };
    },

    /** The upscale providers with capabilities and prices keyed like local_2x_standard. */
    async upscaleProviders(): Promise<UpscaleProviders> {
      const prices = (await pricing.list()).filter((p) => p.serviceType === 'upscale');
      const result: UpscaleProviders = { default_provider: providers.defaultUpscaler, providers: {} };
      for (const [name, upscaler] of Object.entries(providers.upscalers)) {
        const pricingOf = Object.fromEntries(
          prices
            .filter((p) => p.serviceVariant.startsWith(`${name}_`))
            .map((p) => [p.serviceVariant, { estimated_cost_usd: normalize(p.actualCostUsd), user_cost_credits: normalize(p.userCostCredits) }]),
        );
        result.providers[name] = { label: upscaler.displayName ?? upscaler.name, ...upscaler.capabilities, pricing: pricingOf };
      }
      return result;
    },

    /** Upscales one of the user's own images into a new gallery image. */
    async upscale(userId: string, req: UpscaleRequest) {
      const name = req.provider ?? providers.defaultUpscaler;
      // An own key only: '__proto__' or 'toString' must not find Object.prototype's members.
      const upscaler = Object.hasOwn(providers.upscalers, name) ? providers.upscalers[name] : undefined;
      if (!upscaler) throw badRequest(`provider: unknown upscale provider '${name}'`);
      const caps = upscaler.capabilities;
      if (!caps.scale_factors.includes(req.scale_factor)) throw badRequest(`scale_factor: ${name} supports ${caps.scale_factors.join(', ')}x`);
      if (!caps.quality_tiers.includes(req.quality_tier)) throw badRequest(`quality_tier: ${name} supports ${caps.quality_tiers.join(', ')}`);
      const source = await files.readOwn(userId, req.image_uuid);
      if (!source.file.fileType.startsWith('image/')) throw badRequest('image_uuid: only images can be upscaled');
      const variant = `${name}_${req.scale_factor}x_${req.quality_tier}`;
      const amount = await pricing.price('upscale', variant);
      const { generation, result, charged, processingTimeMs } = await runPaid(
        {
          userId,
          tool: source.file.toolName ?? 'image-variator',
          serviceType: 'upscale',
          variant,
          amount,
          prompt: req.prompt ?? null,
          provider: name,
          description: `Upscale ${req.scale_factor}x (${req.quality_tier.replace('_', ' ')})`,
          inputFileIds: [source.file.id],
          params: { scale_factor: req.scale_factor, quality_tier: req.quality_tier },
        },
        async () => {
          const output = await upscaler.upscale({
            image: { data: source.data, mime: source.file.fileType },
            scale: req.scale_factor,
            tier: req.quality_tier,
            prompt: req.prompt,
            creativity: req.creativity,
            resemblance: req.resemblance,
            sharpen: req.sharpen,
          });
          const stored = await files.store({
            userId,
            data: output.data,
            entityType: 'generated_image',
            toolName: source.file.toolName,
            prompt: source.file.prompt,
            metadata: {
              ...(source.file.metadata ?? {}),
              upscale_provider: name,
              scale_factor: req.scale_factor,
              quality_tier: req.quality_tier,
              upscaled_from: source.file.id,
            },
          });
          return { stored, provider: output.provider, model: output.model };
        },
      );
      return {
        image: fileUrl(result.file.id),
        uuid: result.file.id,
        metadata: result.file.metadata ?? {},
        processing_time: Math.round(processingTimeMs / 100) / 10,
        generation_id: generation.id,
        credits_used: charged,
        processing_time_ms: processingTimeMs,
        provider: result.provider,
      };
    },

    /** Mockup generator: checks, holds the price of every style, and queues the job (spec 2 §2). */
    async submitMockup(userId: string, req: MockupRequest): Promise<{ job_id: string; credits_held: string }> {
      if (req.images.length === 0 || req.styles.length === 0) throw badRequest(MOCKUP_MESSAGES.missing);
      if (req.styles.includes('custom') && !req.customStyle?.trim()) throw badRequest(MOCKUP_MESSAGES.customMissing);
      if (req.images.length > 1 && req.images.length !== req.styles.length) throw badRequest(MOCKUP_MESSAGES.countMismatch);
      const sources = await Promise.all(req.images.map((image, i) => checkedImage(image, `images.${i}`)));
      const amount = mul(await pricing.price('mockup', 'standard'), String(req.styles.length));
      const hold = await credits.hold({ userId, amount, serviceType: 'mockup', variant: 'standard', description: `Mockup generator (${req.styles.length} ${req.styles.length === 1 ? 'style' : 'styles'})` });
      const inputs: StoredFile[] = [];
      let generation: GenerationRow | null = null;
      try {
        for (const source of sources) inputs.push(await files.store({ userId, data: source.buffer, entityType: 'upload', toolName: 'mockup-generator' }));
        // The artwork's rows and the generation commit together: a kill before leaves only objects (reconciled).
        generation = await db.transaction(async (tx) => {
          for (const input of inputs) await files.record(tx, input);
          return repo.insertGeneration(tx, {
            userId,
            tool: 'mockup-generator',
            serviceType: 'mockup',
            provider: providers.mockupEditor?.name ?? 'Local engine',
            prompt: req.customStyle ?? null,
            status: 'pending',
            credits: amount,
            holdId: hold.id,
            inputFileIds: inputs.map((f) => f.row.id),
            params: { styles: req.styles, customStyle: req.customStyle, background: req.background, color1: req.color1, color2: req.color2, dimensions: req.dimensions, shadow: req.shadow },
            createdAt: clock.now(),
          });
        });
        const jobId = await deps.jobs.send(MOCKUP_JOB, { generationId: generation.id });
        await repo.updateGeneration(db, generation.id, { jobId });
        return { job_id: generation.id, credits_held: amount };
      } catch (err) {
        const unqueued = generation;
        // Never queued: refunded and marked failed together (it would otherwise wait as pending until the sweep).
        await db.transaction(async (tx) => {
          await credits.releaseIn(tx, hold.id);
          if (unqueued) await repo.updateGeneration(tx, unqueued.id, { status: 'failed', errorClass: 'server', errorMessage: 'The mockup could not be queued. Nothing was charged.', completedAt: clock.now() });
        });
        if (!generation) await discard(inputs);
        if (err instanceof AppError) throw err;
        deps.log.error({ err }, 'could not queue a mockup job');
        throw new AppError('SERVICE_UNAVAILABLE', 'The mockup service is busy. Please try again in a minute; nothing was charged.');
      }
    },

    /** The worker's side of a mockup job. Safe to run twice: a settled generation is left alone. */
    async runMockupJob(generationId: string, attempt: number): Promise<void> {
      const current = await repo.findGeneration(db, generationId);
      if (!current || current.status === 'completed' || current.status === 'failed') return;
      const generation = (await repo.updateGeneration(db, generationId, { status: 'processing', attempts: attempt + 1 }))!;
      const started = Date.now();
      let outputs: StoredFile[] = [];
      try {
        outputs = await renderMockups(generation);
        const drawn = outputs;
        // The charge, the record of the images it paid for and their gallery rows commit together, or none does:
        // a worker killed mid-job leaves no partial styles in the gallery.
        await db.transaction(async (tx) => {
          const { charged } = await credits.captureIn(tx, generation.holdId!, { generationType: 'mockup' });
          const recorded = [];
          for (const stored of drawn) recorded.push(await files.record(tx, stored));
          await repo.updateGeneration(tx, generationId, {
            status: 'completed',
            credits: charged,
            outputFileIds: recorded.map((f) => f.id),
            processingTimeMs: Date.now() - started,
            completedAt: clock.now(),
          });
        });
      } catch (err) {
        const finalAttempt = attempt >= MOCKUP_JOB_RETRIES;
        deps.log.warn({ err, generationId, attempt }, 'mockup job attempt failed');
        await discard(outputs);
        if (!finalAttempt) {
          await repo.updateGeneration(db, generationId, { status: 'pending' });
          throw err;
        }
        const classified = err instanceof ProviderError ? providerFailure(err) : null;
        // The refund and the 'failed' record commit together: a kill cannot leave the job pending with its hold gone.
        await db.transaction(async (tx) => {
          await credits.releaseIn(tx, generation.holdId!);
          await repo.updateGeneration(tx, generationId, {
            status: 'failed',
            errorClass: err instanceof ProviderError ? err.errorClass : 'server',
            errorMessage: classified?.message ?? 'The mockup could not be made. Nothing was charged.',
            processingTimeMs: Date.now() - started,
            completedAt: clock.now(),
          });
        });
      }
    },

    async mockupStatus(userId: string, jobId: string): Promise<MockupJobStatus> {
      const generation = await repo.findUserGeneration(db, jobId, userId);
      if (!generation || generation.tool !== 'mockup-generator') throw notFound('Job not found');
      const styles = ((generation.params as { styles?: string[] }).styles ?? []) as string[];
      const images = generation.outputFileIds.map((id, i) => ({ image: fileUrl(id), uuid: id, style: styles[i] ?? '' }));
      return {
        job_id: generation.id,
        status: generation.status as MockupJobStatus['status'],
        attempts: generation.attempts,
        result: generation.status === 'completed' && images.length > 0 ? { image: images[0]!.image, images, credits_used: normalize(generation.credits) } : null,
        error_message: generation.status === 'failed' ? (generation.errorMessage ?? MOCKUP_MESSAGES.failed) : null,
      };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;

function editMode(req: MorphRequest): string {
  if (req.extensionDirection) return 'extend';
  if (req.maskData) return 'inpaint';
  if (req.cropData) return 'crop';
  return 'none';
}

export const MOCKUP_JOB_RETRY_LIMIT = MOCKUP_JOB_RETRIES;

/**
 * How long one mockup attempt may run: every attempt must end before the job's credit hold expires
 * (HOLD_TTL_MINUTES), or the sweep would fail a generation still being worked on. At most 10 minutes,
 * with a minute's margin for the queue.
 */
export function mockupAttemptSeconds(holdTtlMinutes: number): number {
  const perAttempt = Math.floor((holdTtlMinutes * 60 - 60) / (MOCKUP_JOB_RETRY_LIMIT + 1));
  return Math.max(60, Math.min(10 * 60, perAttempt));
}
