import { z } from 'zod';
import {
  DEFAULT_TRANSCRIPTION_SETTINGS,
  TRANSCRIPTION_PROVIDER_CHOICES,
  TRANSCRIPTION_PROVIDER_LABELS,
  type TranscriptionProviderChoice,
  type TranscriptionSettings,
} from '../../../contract/admin-settings.ts';
import { cmp, normalize } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repo from './repository.ts';

/** The site_settings key of the transcription settings. */
export const TRANSCRIPTION_SETTING_KEY = 'transcription';

const storedTranscription = z.object({
  provider: z.enum(TRANSCRIPTION_PROVIDER_CHOICES),
  pricing_per_minute: z.string().regex(/^\d+(\.\d+)?$/),
});
type StoredTranscription = z.infer<typeof storedTranscription>;

export interface TranscriptionSettingsDeps {
  db: Db;
  clock: Clock;
  audit: AuditRecorder;
  /** The speech engines this server can run: which named ones are configured, and what `auto` resolves to. */
  transcription: { configured: ReadonlyArray<Exclude<TranscriptionProviderChoice, 'auto'>>; autoEngine: string | null };
}

/** System Settings' transcription engine and per-minute price (spec 3 §7), kept in site_settings. */
export function createTranscriptionSettings(deps: TranscriptionSettingsDeps) {
  const { db } = deps;

  async function storedSettings(): Promise<StoredTranscription | null> {
    const parsed = storedTranscription.safeParse(await repo.readSetting(db, TRANSCRIPTION_SETTING_KEY));
    return parsed.success ? parsed.data : null;
  }

  const configuredChoice = (choice: TranscriptionProviderChoice) => choice === 'auto' || deps.transcription.configured.includes(choice);

  async function transcriptionSettings(): Promise<TranscriptionSettings> {
    const saved = await storedSettings();
    const current = saved ?? DEFAULT_TRANSCRIPTION_SETTINGS;
    return {
      provider: current.provider,
      pricing_per_minute: normalize(current.pricing_per_minute),
      is_default: saved === null,
      auto_engine: deps.transcription.autoEngine,
      providers: TRANSCRIPTION_PROVIDER_CHOICES.map((id) => ({ id, label: TRANSCRIPTION_PROVIDER_LABELS[id], configured: configuredChoice(id) })),
    };
  }

  return {
    /**
     * The engine the admin chose, for the transcription module at run time: null when none is saved (or the saved one
     * is no longer configured), so the server's TRANSCRIPTION_PROVIDER applies.
     */
    async transcriptionEngine(): Promise<Exclude<TranscriptionProviderChoice, 'auto'> | null> {
      const saved = await storedSettings();
      if (!saved || saved.provider === 'auto' || !configuredChoice(saved.provider)) return null;
      return saved.provider;
    },

    transcriptionSettings,

    async saveTranscriptionSettings(adminId: string, input: { provider: TranscriptionProviderChoice; pricing_per_minute: string }): Promise<TranscriptionSettings> {
      if (!configuredChoice(input.provider)) {
        throw badRequest(`The ${TRANSCRIPTION_PROVIDER_LABELS[input.provider]} engine is not configured on this server.`, { field: 'provider' });
      }
      const next: StoredTranscription = { provider: input.provider, pricing_per_minute: normalize(input.pricing_per_minute) };
      await db.transaction(async (tx) => {
        const parsed = storedTranscription.safeParse(await repo.lockSetting(tx, TRANSCRIPTION_SETTING_KEY));
        const before: StoredTranscription = parsed.success ? parsed.data : { ...DEFAULT_TRANSCRIPTION_SETTINGS };
        await repo.writeSetting(tx, TRANSCRIPTION_SETTING_KEY, next, adminId, deps.clock.now());
        // The first save records both fields (the defaults were never stored); later ones only what changed.
        const keys = (['provider', 'pricing_per_minute'] as const).filter(
          (k) => !parsed.success || (k === 'provider' ? before.provider !== next.provider : cmp(before.pricing_per_minute, next.pricing_per_minute) !== 0),
        );
        if (keys.length === 0) return;
        await deps.audit.record(tx, {
          adminId,
          area: 'settings',
          action: 'transcription.update',
          targetId: TRANSCRIPTION_SETTING_KEY,
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: Object.fromEntries(keys.map((k) => [k, next[k]])),
        });
      });
      return transcriptionSettings();
    },
  };
}
