import { useId } from 'react';
import { CAPTION_LANGUAGES, CAPTION_LENGTHS, CAPTION_PLATFORMS, CAPTION_TONES } from '../../../contract/captions.ts';
import { inputClasses } from '../../components/ui/input.tsx';
import type { CaptionSettings } from './settings.ts';
import { OptionalMark } from '../../components/ui/optional-mark.tsx';

function Select<T extends string>({ label, value, options, onChange, disabled }: { label: string; value: T; options: readonly T[]; onChange: (value: T) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={inputClasses} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Platform, length, tone and language, the optional context and additional hashtags (spec 3 §2). */
export function SettingsPanel({ settings, update, disabled }: {
  settings: CaptionSettings;
  update: <K extends keyof CaptionSettings>(key: K, value: CaptionSettings[K]) => void;
  disabled?: boolean;
}) {
  const contextId = useId();
  const hashtagsId = useId();
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <Select label="Platform" value={settings.platform} options={CAPTION_PLATFORMS} onChange={(v) => update('platform', v)} disabled={disabled} />
        <Select label="Length" value={settings.length} options={CAPTION_LENGTHS} onChange={(v) => update('length', v)} disabled={disabled} />
        <Select label="Tone" value={settings.tone} options={CAPTION_TONES} onChange={(v) => update('tone', v)} disabled={disabled} />
        <Select label="Language" value={settings.language} options={CAPTION_LANGUAGES} onChange={(v) => update('language', v)} disabled={disabled} />
      </div>
      <div>
        <label htmlFor={contextId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Context <OptionalMark />
        </label>
        <textarea
          id={contextId}
          rows={3}
          maxLength={2000}
          className={inputClasses}
          placeholder="What is this about? e.g. Opening day at our new studio"
          value={settings.context}
          disabled={disabled}
          onChange={(e) => update('context', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={hashtagsId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Additional hashtags <OptionalMark />
        </label>
        <input
          id={hashtagsId}
          className={inputClasses}
          placeholder="#travel #summer"
          value={settings.additionalHashtags}
          disabled={disabled}
          onChange={(e) => update('additionalHashtags', e.target.value)}
        />
        <p className="mt-1.5 text-xs text-slate-500">Separate them with spaces or commas; they are always included.</p>
      </div>
    </div>
  );
}
