import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { useState, type FormEvent } from 'react';
import { adminPackageInput, type AdminPackage, type AdminPackageInput } from '../../../contract/admin-payments.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { adminWriteError } from './admin-errors.ts';
import { usePackageWrite } from './packages-api.ts';

type Draft = { name: string; description: string; price_usd: string; credits: string; bonus_credits: string; sort_order: string; is_active: boolean };

const draftOf = (p: AdminPackage | null): Draft => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  price_usd: p?.price_usd ?? '',
  credits: p ? String(Number(p.credits)) : '',
  bonus_credits: p ? String(Number(p.bonus_credits)) : '0',
  sort_order: String(p?.sort_order ?? 0),
  is_active: p?.is_active ?? true,
});

/** The create and edit form of a credit package, checked with the contract's own rules before it is sent. */
export function PackageForm({ pkg, testMode, onDone }: { pkg: AdminPackage | null; testMode: boolean; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(pkg));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const write = usePackageWrite();
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: AdminPackageInput = { ...draft, sort_order: Number(draft.sort_order) };
    const parsed = adminPackageInput.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Draft] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    write.mutate({ id: pkg?.id, body }, { onSuccess: onDone });
  }

  const priceChanges = pkg && !testMode && Number(draft.price_usd) !== Number(pkg.price_usd);
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-label={pkg ? `Edit ${pkg.name}` : 'New package'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={draft.name} onChange={set('name')} error={errors.name} maxLength={60} />
        <TextField label="Description" value={draft.description} onChange={set('description')} error={errors.description} maxLength={200} />
        <TextField label="Price (USD)" inputMode="decimal" value={draft.price_usd} onChange={set('price_usd')} error={errors.price_usd} hint="0.50 to 10000, two decimals at most" />
        <TextField label="Credits" inputMode="decimal" value={draft.credits} onChange={set('credits')} error={errors.credits} />
        <TextField label="Bonus credits" inputMode="decimal" value={draft.bonus_credits} onChange={set('bonus_credits')} error={errors.bonus_credits} />
        <TextField label="Sort order" type="number" step={1} min={0} value={draft.sort_order} onChange={set('sort_order')} error={errors.sort_order} />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="size-4 accent-violet-600" checked={draft.is_active} onChange={(e) => setDraft((d) => ({ ...d, is_active: e.target.checked }))} />
        On sale
      </label>
      {priceChanges && <Alert tone="info">Saving makes a new Stripe Payment Link at the new price and turns the old one off.</Alert>}
      {write.isError && <Alert tone="error">{adminWriteError(write.error, ADMIN_MESSAGES.saveConfig)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={write.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={write.isPending}>
          {pkg ? 'Save package' : 'Create package'}
        </Button>
      </div>
    </form>
  );
}
