import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { UpscaleTier } from '../../../../contract/ai.ts';
import { ApiError } from '../../../lib/api.ts';
import { isInsufficientCreditsError } from '../../../lib/insufficient-credits.ts';
import { describeAiError } from '../../../lib/ai-error.ts';
import { isGenerationCancelled } from '../../../lib/generations.ts';
import { useElapsedSeconds } from '../../../lib/use-elapsed-seconds.ts';
import { upscaleImage, upscaleProvidersQueryOptions, type UpscaleBody, type UpscaleResult } from './api.ts';
import { effectiveChoice, loadUpscaleSettings, saveUpscaleSettings, UPSCALE_MESSAGES, type UpscaleSettings } from './upscale-settings.ts';
import { fileKeys } from '../../../lib/query-keys.ts';
import { usePaidAction } from '../use-paid-action.ts';

/** The text under 'Failed to upscale image': 401 has its own wording, AI failures their class's headline. */
export function upscaleErrorText(error: unknown): { message: string; tip: string | null } {
  if (error instanceof ApiError && error.status === 401) return { message: UPSCALE_MESSAGES.auth, tip: null };
  const view = describeAiError(error);
  return { message: view.headline, tip: view.tip || null };
}

/** Settings that are saved in this browser on every change. */
export function useUpscaleSettings() {
  const [settings, setSettings] = useState<UpscaleSettings>(() => loadUpscaleSettings());
  const update = useCallback((change: Partial<UpscaleSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...change };
      saveUpscaleSettings(next);
      return next;
    });
  }, []);
  return [settings, update] as const;
}

/**
 * One upscale: the providers, the chosen settings, and the call. Success lowers the balance locally, refreshes the
 * history and gallery, and reports the result (also after the dialog was closed); a 402 opens the top-up dialog.
 */
export function useUpscale(imageUuid: string, onUpscaled?: (result: UpscaleResult) => void) {
  const providersQuery = useQuery(upscaleProvidersQueryOptions());
  const [settings, update] = useUpscaleSettings();
  const [chosenProvider, setProvider] = useState<string | null>(null);

  const providers = providersQuery.data ?? null;
  const provider = chosenProvider && providers?.providers[chosenProvider] ? chosenProvider : (providers?.default_provider ?? null);
  const caps = provider ? (providers?.providers[provider] ?? null) : null;
  const choice = caps ? effectiveChoice(settings, caps) : { scaleFactor: settings.scaleFactor, qualityTier: settings.qualityTier as UpscaleTier };

  // A paid action: one Idempotency-Key per Upscale, so an instant double-click is charged once and reported once.
  const mutation = usePaidAction<UpscaleBody, UpscaleResult>({
    send: (body, key, run) => upscaleImage(body, key, run),
    answerId: (result) => result.generation_id,
    charged: (result) => result.credits_used,
    refresh: [fileKeys.gallery],
    onAnswer: (result) => onUpscaled?.(result),
  });
  const elapsed = useElapsedSeconds(mutation.isPending);

  const start = () => {
    if (!provider || !caps) return;
    mutation.mutate({
      image_uuid: imageUuid,
      scale_factor: choice.scaleFactor as 2 | 4,
      quality_tier: choice.qualityTier,
      provider,
      ...(caps.supports_creativity
        ? { prompt: settings.prompt.trim() || undefined, creativity: settings.creativity, resemblance: settings.resemblance }
        : {}),
      ...(caps.supports_sharpen ? { sharpen: settings.sharpen } : {}),
    });
  };

  // A cancel is no failure: the dialog says it was cancelled, without 'Failed to upscale image'.
  const cancelled = isGenerationCancelled(mutation.error) ? mutation.error.message : null;
  const failure = mutation.error && !cancelled && !isInsufficientCreditsError(mutation.error) ? upscaleErrorText(mutation.error) : null;

  return { providersQuery, providers, provider, setProvider, caps, settings, update, choice, start, mutation, elapsed, failure, cancelled };
}
