import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { useQuery } from '@tanstack/react-query';
import { Package, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminPackage } from '../../../contract/admin-payments.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { formatCredits, formatUsd } from '../../lib/credits-format.ts';
import { adminWriteError } from './admin-errors.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { packagesQuery, usePackageWrite } from './packages-api.ts';
import { PackageForm } from './packages-form.tsx';

/** System Settings, beyond the spec: the credit packages buyers choose from (in Stripe mode each with its Payment Link). */
export function PackagesSection() {
  const list = useQuery(packagesQuery());
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<AdminPackage | null>(null);
  const write = usePackageWrite();

  return (
    <Card aria-label="Credit packages">
      <CardHeader
        title="Credit packages"
        description="What buyers can purchase. In Stripe mode a new price gets a new Payment Link."
        icon={<Package className="size-5" aria-hidden />}
        action={
          editing === null && (
            <Button size="sm" icon={<Plus className="size-4" aria-hidden />} onClick={() => setEditing('new')}>
              New package
            </Button>
          )
        }
      />
      <CardBody className="space-y-4">
        {editing === 'new' && list.data && <PackageForm pkg={null} testMode={list.data.test_mode} onDone={() => setEditing(null)} />}
        {list.isPending ? (
          <AdminLoading label="Loading credit packages…" />
        ) : list.isError ? (
          <AdminLoadError error={list.error} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.data.packages.map((p) => (
              <li key={p.id} className="py-3">
                {editing !== 'new' && editing?.id === p.id ? (
                  <PackageForm pkg={p} testMode={list.data.test_mode} onDone={() => setEditing(null)} />
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                        <span className="break-words">{p.name}</span>
                        {!p.is_active && <Badge>Inactive</Badge>}
                      </p>
                      <p className="text-sm text-slate-600">
                        {formatUsd(p.price_usd)} · {formatCredits(p.credits)} credits
                        {Number(p.bonus_credits) > 0 && ` + ${formatCredits(p.bonus_credits)} bonus`}
                      </p>
                      {p.description && <p className="text-xs break-words text-slate-500">{p.description}</p>}
                    </div>
                    <div className="flex gap-2">
                      <Button size="sm" variant="outline" icon={<Pencil className="size-4" aria-hidden />} onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                        Edit
                      </Button>
                      {p.is_active && (
                        <Button size="sm" variant="ghost" onClick={() => setDeactivating(p)} aria-label={`Deactivate ${p.name}`}>
                          Deactivate
                        </Button>
                      )}
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      {deactivating && (
        <ConfirmDialog
          title="Deactivate package?"
          message={`Buyers will no longer see ${deactivating.name}${list.data?.test_mode ? '' : ', and its Stripe Payment Link stops taking payments'}. Past payments keep it.`}
          confirmLabel="Deactivate"
          busyLabel="Deactivating…"
          busy={write.isPending}
          error={write.isError ? adminWriteError(write.error, ADMIN_MESSAGES.saveConfig) : null}
          onCancel={() => {
            write.reset();
            setDeactivating(null);
          }}
          onConfirm={() => write.mutate({ id: deactivating.id, deactivate: true }, { onSuccess: () => setDeactivating(null) })}
        />
      )}
    </Card>
  );
}
