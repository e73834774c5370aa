/** The caption settings kept in this browser (spec 3 §3): platform, length, tone, language, context, additional hashtags. */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { CAPTION_DEFAULTS, CAPTION_LANGUAGES, CAPTION_LENGTHS, CAPTION_PLATFORMS, CAPTION_SETTINGS_KEY, CAPTION_TONES } from '../../../contract/captions.ts';

export interface CaptionSettings {
  platform: (typeof CAPTION_PLATFORMS)[number];
  length: (typeof CAPTION_LENGTHS)[number];
  tone: (typeof CAPTION_TONES)[number];
  language: (typeof CAPTION_LANGUAGES)[number];
  context: string;
  additionalHashtags: string;
}

// Each field falls back on its own: one stale or hand-edited value does not reset the others.
const stored = z.object({
  platform: z.enum(CAPTION_PLATFORMS).catch(CAPTION_DEFAULTS.platform),
  length: z.enum(CAPTION_LENGTHS).catch(CAPTION_DEFAULTS.length),
  tone: z.enum(CAPTION_TONES).catch(CAPTION_DEFAULTS.tone),
  language: z.enum(CAPTION_LANGUAGES).catch(CAPTION_DEFAULTS.language),
  context: z.string().max(2000).catch(CAPTION_DEFAULTS.context),
  additionalHashtags: z.string().max(2000).catch(CAPTION_DEFAULTS.additionalHashtags),
});

export function readCaptionSettings(): CaptionSettings {
  try {
    const raw = localStorage.getItem(CAPTION_SETTINGS_KEY);
    const parsed = stored.safeParse(raw ? JSON.parse(raw) : {});
    return parsed.success ? parsed.data : { ...CAPTION_DEFAULTS };
  } catch {
    return { ...CAPTION_DEFAULTS };
  }
}

export function writeCaptionSettings(settings: CaptionSettings): void {
  try {
    localStorage.setItem(CAPTION_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or blocked: the settings still work for this visit.
  }
}

/** The settings, saved on every change. */
export function useCaptionSettings() {
  const [settings, setSettings] = useState<CaptionSettings>(readCaptionSettings);
  useEffect(() => writeCaptionSettings(settings), [settings]);
  const update = <K extends keyof CaptionSettings>(key: K, value: CaptionSettings[K]) => setSettings((current) => ({ ...current, [key]: value }));
  return { settings, update };
}
