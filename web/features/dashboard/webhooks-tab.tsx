import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw, Trash2, Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type CreatedWebhook, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent } from '../../../contract/webhooks.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Checklist } from '../../components/ui/checklist.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { SecretOnce } from './secret-once.tsx';
import { createWebhookRequest, deleteWebhookRequest, deliveriesQuery, redeliverRequest, webhookKeys, webhooksQuery } from './webhooks-api.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
const shown = (iso: string | null) => {
  const value = iso ? new Date(iso) : null;
  return value && !Number.isNaN(value.getTime()) ? dateTime.format(value) : '—';
};

function AddEndpointForm({ full, onCreated }: { full: boolean; onCreated: (created: CreatedWebhook) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['generation.completed', 'generation.failed']);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createWebhookRequest,
    onSuccess: (created) => {
      setUrl('');
      onCreated(created);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\/\S+$/.test(url.trim())) return setProblem('Enter the full address of your endpoint, starting with https://');
    if (events.length === 0) return setProblem('Choose at least one event.');
    setProblem(null);
    create.mutate({ url: url.trim(), events });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Endpoint URL" type="url" placeholder="https://hooks.example.com/ampkit" value={url} onChange={(event) => setUrl(event.target.value)} disabled={full} />
      <Checklist legend="Events it gets" options={WEBHOOK_EVENTS} labels={WEBHOOK_EVENT_LABELS} value={events} onChange={setEvents} disabled={full} />
      {(problem || create.error) && <Alert tone="error">{problem ?? errorMessage(create.error)}</Alert>}
      <Button type="submit" loading={create.isPending} disabled={full} icon={<Webhook className="size-4" aria-hidden />}>
        Add endpoint
      </Button>
    </form>
  );
}

const DELIVERY_TONES = { pending: 'amber', succeeded: 'green', failed: 'slate' } as const;

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: redeliverRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
  const answer = delivery.last_status_code !== null ? `HTTP ${delivery.last_status_code}` : (delivery.last_error ?? 'not sent yet');
  return (
    <li className="flex flex-wrap items-center gap-2 py-2 text-xs text-slate-600">
      <Badge tone={DELIVERY_TONES[delivery.status]}>{delivery.status}</Badge>
      <span className="font-mono text-slate-900">{delivery.event_type}</span>
      <span>{shown(delivery.created_at)}</span>
      <span>
        · {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'} · {answer}
        {delivery.status === 'pending' && delivery.next_attempt_at ? ` · next ${shown(delivery.next_attempt_at)}` : ''}
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="ml-auto"
        loading={redeliver.isPending}
        icon={<RotateCw className="size-3.5" aria-hidden />}
        onClick={() => redeliver.mutate({ endpointId, deliveryId: delivery.id })}
        aria-label={`Redeliver ${delivery.event_type} of ${shown(delivery.created_at)}`}
      >
        Redeliver
      </Button>
      {redeliver.error && <span className="w-full text-red-600">{errorMessage(redeliver.error)}</span>}
    </li>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useQuery(deliveriesQuery(endpointId));
  if (deliveries.isPending) return <Spinner className="size-4" />;
  if (deliveries.isError) return <Alert tone="error">{errorMessage(deliveries.error)}</Alert>;
  const list = deliveries.data.deliveries;
  if (list.length === 0) return <p className="text-xs text-slate-500">No deliveries yet. They appear here as the events happen.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Deliveries">
      {list.map((delivery) => (
        <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
      ))}
    </ul>
  );
}

function EndpointRow({ endpoint, onDelete }: { endpoint: WebhookEndpoint; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 break-all text-sm font-medium text-slate-900">
            {endpoint.url}
            {endpoint.disabled_at ? <Badge tone="slate">Turned off</Badge> : endpoint.failing_since ? <Badge tone="amber">Failing</Badge> : <Badge tone="green">Active</Badge>}
          </p>
          <p className="mt-1 flex flex-wrap gap-1.5" aria-label="Events">
            {endpoint.events.map((event) => (
              <Badge key={event} tone="violet">
                {event}
              </Badge>
            ))}
          </p>
          {endpoint.disabled_at && (
            <p className="mt-1 text-xs text-slate-600">Every delivery failed for 3 days, so it was turned off. Fix the endpoint, then add it again.</p>
          )}
        </div>
        <Button variant="outline" size="sm" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button variant="outline" size="sm" icon={<Trash2 className="size-4" aria-hidden />} onClick={onDelete} aria-label={`Delete the endpoint ${endpoint.url}`}>
          Delete
        </Button>
      </div>
      {open && (
        <div className="mt-3 rounded-lg bg-slate-50 p-3">
          <Deliveries endpointId={endpoint.id} />
        </div>
      )}
    </li>
  );
}

/** Dashboard, "Webhooks": endpoints that get signed events, their deliveries, Redeliver. */
export function WebhooksTab() {
  const queryClient = useQueryClient();
  const endpoints = useQuery(webhooksQuery());
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const remove = useMutation({
    mutationFn: deleteWebhookRequest,
    onSuccess: () => setDeleting(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
  const list = endpoints.data?.endpoints ?? [];
  const max = endpoints.data?.max_endpoints ?? 10;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          icon={<Webhook className="size-5" aria-hidden />}
          title="Webhooks"
          description="Ampkit POSTs each event you choose to your endpoint, signed with its secret (the Ampkit-Signature header), and retries for 24 hours until it answers 2xx."
        />
        <CardBody>
          {created && (
            <SecretOnce
              heading="Endpoint added. Copy its signing secret now: it will not be shown again."
              label="Signing secret of the new endpoint"
              secret={created.secret}
              onDone={() => setCreated(null)}
            />
          )}
          <AddEndpointForm full={list.length >= max} onCreated={setCreated} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Your endpoints" description={endpoints.data ? `${list.length} of ${max} endpoints.` : undefined} />
        <CardBody>
          {endpoints.isPending ? (
            <Spinner className="size-5" />
          ) : endpoints.isError ? (
            <Alert tone="error">{errorMessage(endpoints.error)}</Alert>
          ) : list.length === 0 ? (
            <p className="text-sm text-slate-600">No endpoints yet. Add one above to be told when your work is done.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Your webhook endpoints">
              {list.map((endpoint) => (
                <EndpointRow key={endpoint.id} endpoint={endpoint} onDelete={() => setDeleting(endpoint)} />
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      {deleting && (
        <ConfirmDialog
          title="Delete this endpoint?"
          message={`${deleting.url} gets no more events, and its delivery history goes with it.`}
          confirmLabel="Delete endpoint"
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate(deleting.id)}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
