import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mic } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { TRANSCRIPTION_PROVIDER_CHOICES, type TranscriptionProviderChoice, type TranscriptionSettings } from '../../../contract/admin-settings.ts';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { inputClasses, TextField } from '../../components/ui/input.tsx';
import { adminKeys } from './admin-api.ts';
import { adminWriteError } from './admin-errors.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { saveTranscriptionSettings, transcriptionSettingsKey, transcriptionSettingsQuery } from './transcription-api.ts';

function TranscriptionForm({ settings }: { settings: TranscriptionSettings }) {
  const id = useId();
  const client = useQueryClient();
  const [provider, setProvider] = useState<TranscriptionProviderChoice>(settings.provider);
  const [price, setPrice] = useState(settings.pricing_per_minute.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));
  const save = useMutation({
    mutationFn: saveTranscriptionSettings,
    onSuccess: (saved) => client.setQueryData(transcriptionSettingsKey, saved),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.audit('settings') }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ provider, pricing_per_minute: price.trim() });
  };
  const label = (p: TranscriptionSettings['providers'][number]) =>
    p.id === 'auto' ? `Automatic (server setting${settings.auto_engine ? `: ${settings.auto_engine}` : ': off'})` : p.configured ? p.label : `${p.label} (not configured)`;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_15rem_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-provider`} className="mb-1.5 block text-sm font-medium text-slate-700">
          Transcription provider
        </label>
        <select id={`${id}-provider`} className={cn(inputClasses)} value={provider} onChange={(e) => setProvider(e.target.value as TranscriptionProviderChoice)}>
          {TRANSCRIPTION_PROVIDER_CHOICES.map((choice) => {
            const p = settings.providers.find((x) => x.id === choice)!;
            return (
              <option key={choice} value={choice} disabled={!p.configured}>
                {label(p)}
              </option>
            );
          })}
        </select>
      </div>
      <TextField
        label="Provider cost per minute (USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        value={price}
        onChange={(e) => setPrice(e.target.value)}
      />
      <Button type="submit" loading={save.isPending}>
        Save
      </Button>
      <div aria-live="polite" className="sm:col-span-3 empty:hidden">
        {save.isError && <Alert tone="error">{adminWriteError(save.error, ADMIN_MESSAGES.saveConfig)}</Alert>}
        {save.isSuccess && <Alert tone="success">Transcription settings saved.</Alert>}
      </div>
    </form>
  );
}

/** System Settings: the transcription engine and what it really costs per minute (the base of the margins). */
export function TranscriptionSettingsSection() {
  const settings = useQuery(transcriptionSettingsQuery());
  return (
    <Card>
      <CardHeader
        title="Transcription"
        description="Which speech engine transcribes new recordings, and what it costs you per minute (the base of the margin on the per-minute prices below)."
        icon={<Mic className="size-5" aria-hidden />}
      />
      <CardBody>
        {settings.isPending ? (
          <AdminLoading label="Loading the transcription settings…" />
        ) : settings.isError ? (
          <AdminLoadError error={settings.error} />
        ) : (
          <>
            {settings.data.is_default && <p className="mb-4 text-sm text-slate-600">Not saved yet: these are the defaults.</p>}
            <TranscriptionForm settings={settings.data} />
          </>
        )}
      </CardBody>
    </Card>
  );
}
