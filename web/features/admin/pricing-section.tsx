import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudUpload, Pencil, Plus, RefreshCw, Tags, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SERVICE_TYPE_REQUIRED, type PricingEntry } from '../../../contract/admin-settings.ts';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { isDevelopmentHost } from '../../lib/dev-config.ts';
import { adminKeys } from './admin-api.ts';
import { adminWriteError } from './admin-errors.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { createPrice, deletePrice, pricingKey, pricingQuery, syncPricing, syncPricingToProd, syncToProdError, updatePrice } from './pricing-api.ts';
import { ScrollRegion } from './admin-ui.tsx';

/** "0.2500" → "0.25" for a form field. */
const trimmed = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

interface Draft {
  service_type: string;
  service_variant: string;
  user_cost_credits: string;
  actual_cost_usd: string;
  description: string;
}

const emptyDraft: Draft = { service_type: '', service_variant: 'standard', user_cost_credits: '', actual_cost_usd: '0', description: '' };

/** The create and edit form, in a dialog. */
function PriceDialog({ entry, onClose }: { entry: PricingEntry | null; onClose: (message?: string) => void }) {
  const formId = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    entry
      ? { service_type: entry.service_type, service_variant: entry.service_variant, user_cost_credits: trimmed(entry.user_cost_credits), actual_cost_usd: entry.actual_cost_usd, description: entry.description }
      : emptyDraft,
  );
  const [typeError, setTypeError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (d: Draft) => (entry ? updatePrice({ id: entry.id, ...d }) : createPrice(d)),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: pricingKey });
      onClose(entry ? `Saved ${saved.service_type} (${saved.service_variant}).` : `Added ${saved.service_type} (${saved.service_variant}).`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.audit('settings') }),
  });
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.service_type.trim()) return setTypeError(SERVICE_TYPE_REQUIRED);
    setTypeError(undefined);
    save.mutate({ ...draft, service_type: draft.service_type.trim(), service_variant: draft.service_variant.trim() || 'standard' });
  };
  return (
    <Dialog
      title={entry ? 'Edit price' : 'Add a price'}
      description="Prices are in credits (1 credit = $1); the provider cost is what one use costs you in USD."
      icon={<Tags className="size-5" aria-hidden />}
      onClose={() => (save.isPending ? undefined : onClose())}
      footer={
        <>
          <Button variant="outline" onClick={() => onClose()} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {entry ? 'Save price' : 'Add price'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField label="Service type" value={draft.service_type} onChange={set('service_type')} error={typeError} placeholder="e.g. caption" maxLength={64} />
        <TextField label="Variant" value={draft.service_variant} onChange={set('service_variant')} placeholder="standard" maxLength={64} />
        <TextField label="Price (credits)" type="number" inputMode="decimal" min={0} step={0.0001} required value={draft.user_cost_credits} onChange={set('user_cost_credits')} />
        <TextField label="Provider cost (USD)" type="number" inputMode="decimal" min={0} step={0.0001} value={draft.actual_cost_usd} onChange={set('actual_cost_usd')} />
        <TextField label="Description" className="sm:col-span-2" value={draft.description} onChange={set('description')} maxLength={500} />
        {save.isError && (
          <div className="sm:col-span-2">
            <Alert tone="error">{adminWriteError(save.error, entry ? ADMIN_MESSAGES.updatePricing : ADMIN_MESSAGES.createPricing)}</Alert>
          </div>
        )}
      </form>
    </Dialog>
  );
}

type Confirm = { kind: 'delete'; entry: PricingEntry } | { kind: 'sync' } | { kind: 'prod' };

/** System Settings: the pricing table with create, edit, delete, the catalogue sync and the copy to production. */
export function PricingSection() {
  const client = useQueryClient();
  const prices = useQuery(pricingQuery());
  const [editing, setEditing] = useState<PricingEntry | 'new' | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const onDevelopmentHost = isDevelopmentHost();

  const action = useMutation({
    mutationFn: async (what: Confirm): Promise<string> => {
      if (what.kind === 'delete') {
        await deletePrice(what.entry.id);
        return `Deleted ${what.entry.service_type} (${what.entry.service_variant}).`;
      }
      if (what.kind === 'sync') {
        const result = await syncPricing();
        return `${result.message} (${result.updated_count} added)`;
      }
      return (await syncPricingToProd()).message;
    },
    onSuccess: (message) => {
      setNotice(message);
      setConfirm(null);
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: pricingKey });
      await client.invalidateQueries({ queryKey: adminKeys.audit('settings') });
    },
  });
  const actionError = (what: Confirm | null) =>
    what?.kind === 'prod'
      ? syncToProdError(action.error)
      : adminWriteError(action.error, what?.kind === 'delete' ? ADMIN_MESSAGES.deletePricing : ADMIN_MESSAGES.syncPricing);
  const open = (what: Confirm) => {
    action.reset();
    setNotice(null);
    setConfirm(what);
  };

  return (
    <Card>
      <CardHeader
        title="Pricing"
        description="What each service costs users in credits (1 credit = $1), what it costs you, and the margin. A change applies to the next use."
        icon={<Tags className="size-5" aria-hidden />}
        action={
          <div className="flex flex-wrap gap-2">
            <Button
              icon={<Plus className="size-4" aria-hidden />}
              onClick={() => {
                setNotice(null);
                setEditing('new');
              }}
            >
              Add price
            </Button>
            <Button variant="outline" icon={<RefreshCw className="size-4" aria-hidden />} onClick={() => open({ kind: 'sync' })}>
              Sync pricing
            </Button>
            {onDevelopmentHost && (
              <Button variant="outline" icon={<CloudUpload className="size-4" aria-hidden />} onClick={() => open({ kind: 'prod' })}>
                Copy to production
              </Button>
            )}
          </div>
        }
      />
      <CardBody>
        <div aria-live="polite" className="mb-4 empty:hidden">
          {notice && <Alert tone="success">{notice}</Alert>}
        </div>
        {prices.isPending ? (
          <AdminLoading label="Loading prices…" />
        ) : prices.isError ? (
          <AdminLoadError error={prices.error} />
        ) : (
          <ScrollRegion label="Prices" className="-mx-5 sm:-mx-6">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">Prices by service and variant</caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-5 py-2 font-medium sm:px-6">Service</th>
                  <th scope="col" className="px-3 py-2 font-medium">Variant</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Price (credits)</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Cost (USD)</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Margin</th>
                  <th scope="col" className="px-3 py-2 font-medium">Description</th>
                  <th scope="col" className="px-5 py-2 text-right font-medium sm:px-6">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {prices.data.map((entry) => {
                  const name = `${entry.service_type} (${entry.service_variant})`;
                  return (
                    <tr key={entry.id} className="align-top">
                      <th scope="row" className="px-5 py-2.5 font-medium whitespace-nowrap text-slate-900 sm:px-6">
                        {entry.service_type}
                        {entry.in_use && (
                          <Badge tone="violet" className="ml-2">
                            in use
                          </Badge>
                        )}
                      </th>
                      <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">{entry.service_variant}</td>
                      <td className="px-3 py-2.5 text-right text-slate-900 tabular-nums">{trimmed(entry.user_cost_credits)}</td>
                      <td className="px-3 py-2.5 text-right text-slate-700 tabular-nums">{entry.actual_cost_usd}</td>
                      <td className="px-3 py-2.5 text-right text-slate-700 tabular-nums">{entry.margin_percent === null ? '—' : `${entry.margin_percent}%`}</td>
                      <td className="max-w-64 min-w-48 px-3 py-2.5 text-slate-600">{entry.description}</td>
                      <td className="px-5 py-2 text-right whitespace-nowrap sm:px-6">
                        <Button variant="ghost" size="sm" aria-label={`Edit ${name}`} onClick={() => setEditing(entry)}>
                          <Pencil className="size-4" aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Delete ${name}`}
                          title={entry.in_use ? 'A tool charges this price now: change it instead' : undefined}
                          disabled={entry.in_use}
                          onClick={() => open({ kind: 'delete', entry })}
                        >
                          <Trash2 className="size-4" aria-hidden />
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardBody>
      {editing && (
        <PriceDialog
          entry={editing === 'new' ? null : editing}
          onClose={(message) => {
            setEditing(null);
            if (message) setNotice(message);
          }}
        />
      )}
      {confirm && (
        <ConfirmDialog
          tone={confirm.kind === 'delete' ? 'danger' : 'default'}
          title={confirm.kind === 'delete' ? 'Delete this price?' : confirm.kind === 'sync' ? 'Sync pricing with the catalogue?' : 'Copy prices to production?'}
          message={
            confirm.kind === 'delete'
              ? `${confirm.entry.service_type} (${confirm.entry.service_variant}) will be removed from the pricing table.`
              : confirm.kind === 'sync'
                ? "Prices from the app's catalogue that are missing here are added. Prices already in the table are never changed."
                : "Every price in this table is sent to the production app, which adds the missing ones and updates the others."
          }
          confirmLabel={confirm.kind === 'delete' ? 'Delete' : confirm.kind === 'sync' ? 'Sync' : 'Copy'}
          busy={action.isPending}
          error={action.isError ? actionError(confirm) : null}
          onConfirm={() => action.mutate(confirm)}
          onCancel={() => setConfirm(null)}
        />
      )}
    </Card>
  );
}
