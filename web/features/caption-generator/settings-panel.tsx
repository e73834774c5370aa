import { useId } from 'react';
import { CAPTION_LANGUAGES, CAPTION_LENGTHS, CAPTION_MESSAGES, CAPTION_PLATFORMS, CAPTION_TONES, contextFits } from '../../../contract/captions.ts';
import { inputClasses } from '../../components/ui/input.tsx';
import type { CaptionSettings } from './settings.ts';
import { OptionalMark } from '../../components/ui/optional-mark.tsx';

function Select<T extends string>({ label, value, options, onChange, disabled, describedBy }: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={inputClasses} value={value} disabled={disabled} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Platform, length, tone and language, the optional context and additional hashtags (spec 3 §2). On the local engine
 * (`local`) a note beside the language says what it writes in that language, and when it leaves the context out.
 */
export function SettingsPanel({ settings, update, disabled, local = false }: {
  settings: CaptionSettings;
  update: <K extends keyof CaptionSettings>(key: K, value: CaptionSettings[K]) => void;
  disabled?: boolean;
  local?: boolean;
}) {
  const contextId = useId();
  const hashtagsId = useId();
  const languageNoteId = useId();
  const leftOut = local && settings.context.trim() !== '' && !contextFits(settings.context, settings.language);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <Select label="Platform" value={settings.platform} options={CAPTION_PLATFORMS} onChange={(v) => update('platform', v)} disabled={disabled} />
        <Select label="Length" value={settings.length} options={CAPTION_LENGTHS} onChange={(v) => update('length', v)} disabled={disabled} />
        <Select label="Tone" value={settings.tone} options={CAPTION_TONES} onChange={(v) => update('tone', v)} disabled={disabled} />
        <Select
          label="Language"
          value={settings.language}
          options={CAPTION_LANGUAGES}
          onChange={(v) => update('language', v)}
          disabled={disabled}
          describedBy={local ? languageNoteId : undefined}
        />
      </div>
      {local && (
        <p id={languageNoteId} className="text-xs text-slate-600" data-testid="language-note" aria-live="polite">
          {CAPTION_MESSAGES.localLanguage(settings.language)}
          {leftOut && <strong className="mt-1 block font-medium text-amber-900">{CAPTION_MESSAGES.contextLeftOut(settings.language)}</strong>}
        </p>
      )}
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
