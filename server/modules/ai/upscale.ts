import type { UpscaleRequest } from '../../../contract/ai.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import { costOf } from '../../providers/ai/cost.ts';
import type { FilesService } from '../files/service.ts';
import { fileUrl, type Lifecycle } from './lifecycle.ts';

export interface UpscaleDeps {
  lifecycle: Pick<Lifecycle, 'generate'>;
  files: Pick<FilesService, 'readOwn'>;
  providers: Pick<AiProviders, 'upscalers' | 'defaultUpscaler'>;
}

/** Upscales one of the user's own images into a new gallery image. */
export function createUpscale(deps: UpscaleDeps) {
  return async function upscale(userId: string, req: UpscaleRequest) {
    const { upscalers, defaultUpscaler } = deps.providers;
    const name = req.provider ?? defaultUpscaler;
    // An own key only: '__proto__' or 'toString' must not find Object.prototype's members.
    const upscaler = Object.hasOwn(upscalers, name) ? upscalers[name] : undefined;
    if (!upscaler) throw badRequest(`provider: unknown upscale provider '${name}'`);
    const caps = upscaler.capabilities;
    if (!caps.scale_factors.includes(req.scale_factor)) throw badRequest(`scale_factor: ${name} supports ${caps.scale_factors.join(', ')}x`);
    if (!caps.quality_tiers.includes(req.quality_tier)) throw badRequest(`quality_tier: ${name} supports ${caps.quality_tiers.join(', ')}`);
    const source = await deps.files.readOwn(userId, req.image_uuid);
    if (!source.file.fileType.startsWith('image/')) throw badRequest('image_uuid: only images can be upscaled');
    return deps.lifecycle.generate(
      {
        userId,
        tool: source.file.toolName ?? 'image-variator',
        serviceType: 'upscale',
        variant: `${name}_${req.scale_factor}x_${req.quality_tier}`,
        description: `Upscale ${req.scale_factor}x (${req.quality_tier.replace('_', ' ')})`,
        provider: name,
        prompt: req.prompt ?? null,
        inputFileIds: [source.file.id],
        params: { scale_factor: req.scale_factor, quality_tier: req.quality_tier },
      },
      async (run) => {
        const output = await upscaler.upscale({
          image: { data: source.data, mime: source.file.fileType },
          scale: req.scale_factor,
          tier: req.quality_tier,
          prompt: req.prompt,
          creativity: req.creativity,
          resemblance: req.resemblance,
          sharpen: req.sharpen,
          signal: run.signal,
          onProgress: (fraction) => run.progress(fraction * 100),
        });
        await run.store({
          data: output.data,
          entityType: 'generated_image',
          toolName: source.file.toolName,
          prompt: source.file.prompt,
          metadata: { ...(source.file.metadata ?? {}), upscale_provider: name, scale_factor: req.scale_factor, quality_tier: req.quality_tier, upscaled_from: source.file.id },
        });
        return { provider: output.provider, model: output.model, providerCost: costOf(output) };
      },
      ({ generation, files, charged, processingTimeMs, result }) => {
        const file = files[0]!;
        return {
          image: fileUrl(file.id),
          uuid: file.id,
          metadata: file.metadata ?? {},
          processing_time: Math.round(processingTimeMs / 100) / 10,
          generation_id: generation.id,
          credits_used: charged,
          processing_time_ms: processingTimeMs,
          provider: result.provider,
        };
      },
    );
  };
}
