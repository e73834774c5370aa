import { useId, useState, type ReactNode } from 'react';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { NOTIFICATION_CONTENT_ADVISED, parseBannerBackground, type SiteNotification } from '../../../contract/site.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { inputClasses, TextField } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { adminWriteError } from './admin-errors.ts';
import { useSaveNotification } from './notification-api.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import {
  bodyOf,
  emptyForm,
  formOf,
  validateNotification,
  type NotificationFormErrors,
  type NotificationFormValues,
} from './notification-form-state.ts';
import { suggestIdentifier } from './notification-identifier.ts';
import { GRADIENT_PRESETS, SOLID_PRESETS } from './notification-presets.ts';
import { NotificationPreview } from './notification-preview.tsx';

/** Spec 3 §2, §5: the preview redraws 300 ms, the identifier suggestion 500 ms after typing stops. */
const PREVIEW_DEBOUNCE_MS = 300;
const IDENTIFIER_DEBOUNCE_MS = 500;

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const parsed = parseBannerBackground(value);
  const hex = parsed?.kind === 'solid' ? parsed.color : parsed?.kind === 'gradient' ? parsed.stops[0]! : '#3b82f6';
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input id={id} type="color" value={hex} onChange={(e) => onChange(e.target.value)} className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1" />
        <span className="min-w-0 truncate font-mono text-xs text-slate-600">{parsed?.kind === 'gradient' ? 'Gradient' : hex}</span>
      </div>
    </div>
  );
}

function Swatch({ name, value, selected, onPick }: { name: string; value: string; selected: boolean; onPick: (value: string) => void }) {
  return (
    <button
      type="button"
      aria-label={`Background: ${name}`}
      aria-pressed={selected}
      title={name}
      onClick={() => onPick(value)}
      className={cn('size-8 rounded-full border border-black/10 shadow-sm', selected && 'ring-2 ring-violet-600 ring-offset-2')}
      style={value.startsWith('#') ? { backgroundColor: value } : { backgroundImage: value }}
    />
  );
}

function Field({ label, htmlFor, error, hint, children }: { label: string; htmlFor: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1.5 text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${htmlFor}-error`} className="mt-1.5 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Spec 3 §2, §5: create or edit a notification, with the suggested identifier and the live preview. */
export function NotificationForm({ notification, onClose, now = () => new Date() }: { notification: SiteNotification | null; onClose: () => void; now?: () => Date }) {
  const editing = notification !== null;
  const [today] = useState(now);
  const [values, setValues] = useState<NotificationFormValues>(() => (notification ? formOf(notification) : emptyForm(today)));
  const [errors, setErrors] = useState<NotificationFormErrors>({});
  const [identifierTouched, setIdentifierTouched] = useState(editing);
  const save = useSaveNotification();
  const ids = useId();
  const set = <K extends keyof NotificationFormValues>(key: K, value: NotificationFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  // The identifier follows the content (500 ms after typing stops) until the admin writes one of their own.
  const settledContent = useDebouncedValue(values.content, IDENTIFIER_DEBOUNCE_MS);
  const identifier = identifierTouched ? values.identifier : settledContent.trim() ? suggestIdentifier(settledContent, today) : '';
  const current = { ...values, identifier };
  // The preview redraws 300 ms after the last change (a string, so an unchanged form keeps the same value).
  const previewKey = useDebouncedValue(JSON.stringify([values.content, values.bg_color, values.text_color, values.icon_color]), PREVIEW_DEBOUNCE_MS);
  const [previewContent, bg_color, text_color, icon_color] = JSON.parse(previewKey) as [string, string, string, string];
  const preview = { bg_color, text_color, icon_color };

  const submit = () => {
    // Created before the 500 ms pause has passed, the suggestion is made from the content as it stands now.
    const sent = identifierTouched || !values.content.trim() ? current : { ...current, identifier: suggestIdentifier(values.content, today) };
    const found = validateNotification(sent);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ uuid: notification?.uuid ?? null, body: bodyOf(sent) }, { onSuccess: onClose });
  };

  const saveError = save.error ? adminWriteError(save.error, ADMIN_MESSAGES.saveNotification) : null;
  const serverField = save.error instanceof ApiError && typeof save.error.details.field === 'string' ? save.error.details.field : null;
  const errorOf = (key: keyof NotificationFormValues) => errors[key] ?? (serverField === key ? 'Check this field' : undefined);
  const length = values.content.trim().length;

  return (
    <Dialog
      title={editing ? 'Edit notification' : 'New notification'}
      description="A banner above the header of every page while it is active and within its dates."
      size="lg"
      onClose={save.isPending ? () => {} : onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {editing ? 'Save changes' : 'Create notification'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {saveError && <Alert tone="error">{saveError}</Alert>}
        <Field
          label="Content"
          htmlFor={`${ids}-content`}
          error={errorOf('content')}
          hint={<>Links, bold and italics are kept; other HTML is removed. {length} characters.</>}
        >
          <textarea
            id={`${ids}-content`}
            rows={3}
            required
            value={values.content}
            onChange={(e) => set('content', e.target.value)}
            aria-invalid={errorOf('content') ? true : undefined}
            aria-describedby={errorOf('content') ? `${ids}-content-error` : undefined}
            className={inputClasses}
            placeholder="Summer sale today: 20% more credits"
          />
        </Field>
        {length > NOTIFICATION_CONTENT_ADVISED && (
          <Alert tone="warning">
            The content is {length} characters long. Under {NOTIFICATION_CONTENT_ADVISED} characters is advised, so the banner stays one or two lines on a phone.
          </Alert>
        )}
        <TextField
          label="Identifier"
          value={identifier}
          readOnly={editing}
          required
          onChange={(e) => {
            setIdentifierTouched(true);
            set('identifier', e.target.value);
          }}
          error={errorOf('identifier')}
          hint={editing ? 'Fixed after creation: it names the banner in the visitors’ closed-banner list.' : 'Suggested from the first three words and today’s date; lowercase letters, digits and dashes.'}
          className="[&_input]:font-mono"
        />
        <NotificationPreview content={previewContent} colors={preview} />
        <div>
          <p className="mb-2 text-sm font-medium text-slate-700">Background presets</p>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Solid backgrounds">
            {SOLID_PRESETS.map((p) => (
              <Swatch key={p.name} name={p.name} value={p.value} selected={values.bg_color === p.value} onPick={(v) => set('bg_color', v)} />
            ))}
          </div>
          <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Gradient backgrounds">
            {GRADIENT_PRESETS.map((p) => (
              <Swatch key={p.name} name={p.name} value={p.value} selected={values.bg_color === p.value} onPick={(v) => set('bg_color', v)} />
            ))}
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <ColorField label="Background colour" value={values.bg_color} onChange={(v) => set('bg_color', v)} />
          <ColorField label="Text colour" value={values.text_color} onChange={(v) => set('text_color', v)} />
          <ColorField label="Icon colour" value={values.icon_color} onChange={(v) => set('icon_color', v)} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Valid from" type="datetime-local" required value={values.valid_from} onChange={(e) => set('valid_from', e.target.value)} error={errorOf('valid_from')} />
          <TextField
            label="Valid until (optional)"
            type="datetime-local"
            value={values.valid_until}
            onChange={(e) => set('valid_until', e.target.value)}
            error={errorOf('valid_until')}
            hint="Empty: shown until you switch it off."
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} className="size-4 rounded border-slate-300 accent-violet-600" />
          Active
        </label>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
