import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { API_SCOPE_LABELS, API_SCOPES, type ApiKey, type ApiScope, type CreatedApiKey } from '../../../contract/api-keys.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Checklist } from '../../components/ui/checklist.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SPENDING_LIMIT_PATTERN } from '../../../contract/spending.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatCredits } from '../../lib/credits-format.ts';
import { apiKeysKey, apiKeysQuery, createApiKeyRequest, revokeApiKeyRequest } from './api-keys-api.ts';
import { SecretOnce } from './secret-once.tsx';

const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const shown = (iso: string, format: Intl.DateTimeFormat) => {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '—' : format.format(value);
};

function CreateKeyForm({ full, onCreated }: { full: boolean; onCreated: (created: CreatedApiKey) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['generate', 'files:read']);
  const [cap, setCap] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createApiKeyRequest,
    onSuccess: (created) => {
      setName('');
      setCap('');
      onCreated(created);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('Give the key a name, like the script or flow that will use it.');
    if (scopes.length === 0) return setProblem('Choose at least one thing the key may do.');
    if (cap.trim() && !SPENDING_LIMIT_PATTERN.test(cap.trim())) return setProblem('Enter the monthly cap as an amount of credits, like 50 or 12.5, or leave it empty.');
    setProblem(null);
    create.mutate({ name: name.trim(), scopes, ...(cap.trim() ? { monthly_cap: cap.trim() } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Key name" placeholder="n8n flow, nightly thumbnails…" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} disabled={full} />
      <Checklist legend="What it may do" options={API_SCOPES} labels={API_SCOPE_LABELS} value={scopes} onChange={setScopes} disabled={full} />
      <TextField
        label="Monthly cap in credits (optional)"
        hint="Calls with this key stop once it has spent this much in a calendar month (UTC), within your account's own cap."
        inputMode="decimal"
        placeholder="No cap of its own"
        value={cap}
        onChange={(event) => setCap(event.target.value)}
        disabled={full}
        className="max-w-xs"
      />
      {(problem || create.error) && <Alert tone="error">{problem ?? errorMessage(create.error)}</Alert>}
      <Button type="submit" loading={create.isPending} disabled={full} icon={<KeyRound className="size-4" aria-hidden />}>
        Create key
      </Button>
    </form>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {apiKey.name}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">{apiKey.prefix}…</code>
        </p>
        <p className="mt-1 flex flex-wrap gap-1.5" aria-label="Scopes">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} tone="violet">
              {scope}
            </Badge>
          ))}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          Created {shown(apiKey.created_at, date)} · {apiKey.last_used_at ? `Last used ${shown(apiKey.last_used_at, dateTime)}` : 'Never used'} ·{' '}
          {apiKey.monthly_cap === null
            ? `${formatCredits(apiKey.spent_this_month)} credits this month`
            : `${formatCredits(apiKey.spent_this_month)} of its ${formatCredits(apiKey.monthly_cap)} credits this month`}
        </p>
      </div>
      <Button variant="outline" size="sm" icon={<Trash2 className="size-4" aria-hidden />} onClick={onRevoke} aria-label={`Revoke the key ${apiKey.name} (${apiKey.prefix})`}>
        Revoke
      </Button>
    </li>
  );
}

/** Dashboard, "API keys": personal keys for scripts, n8n or Zapier; made here, shown once, revoked at once. */
export function ApiKeysTab() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: revokeApiKeyRequest,
    onSuccess: () => setRevoking(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
  const list = keys.data?.keys ?? [];
  const max = keys.data?.max_keys ?? 10;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          icon={<KeyRound className="size-5" aria-hidden />}
          title="API keys"
          description={
            <>
              Run Ampkit from a script, n8n or Zapier: send a key as <code className="text-xs">Authorization: Bearer ak_…</code>. Calls are charged to your
              balance like yours in the browser. The <a href="/api/docs" className="font-medium text-violet-700 underline">API reference</a> lists every call and
              the scope it needs.
            </>
          }
        />
        <CardBody>
          {created && (
            <SecretOnce
              heading={`Key “${created.name}” created. Copy it now: it will not be shown again.`}
              label="Your new API key"
              secret={created.key}
              onDone={() => setCreated(null)}
            />
          )}
          <CreateKeyForm full={list.length >= max} onCreated={setCreated} />
          {list.length >= max && (
            <Alert tone="info" className="mt-4">
              You have {max} keys, the most an account may hold. Revoke one you no longer use to create another.
            </Alert>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Your keys" description={keys.data ? `${list.length} of ${max} keys. A revoked key stops working at once.` : undefined} />
        <CardBody>
          {keys.isPending ? (
            <Spinner className="size-5" />
          ) : keys.isError ? (
            <Alert tone="error">{errorMessage(keys.error)}</Alert>
          ) : list.length === 0 ? (
            <p className="text-sm text-slate-600">No keys yet. Create one above to call the API.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Your API keys">
              {list.map((apiKey) => (
                <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.name}”?`}
          message="Scripts and flows using this key stop working at once. This cannot be undone."
          confirmLabel="Revoke key"
          busyLabel="Revoking…"
          busy={revoke.isPending}
          error={revoke.error ? errorMessage(revoke.error) : null}
          onConfirm={() => revoke.mutate(revoking.id)}
          onCancel={() => {
            revoke.reset();
            setRevoking(null);
          }}
        />
      )}
    </div>
  );
}
