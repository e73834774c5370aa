import { Coins } from 'lucide-react';
import type { InsufficientCredits } from '../../../contract/credits.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { formatCredits } from '../../lib/credits-format.ts';
import { PackageList } from './package-list.tsx';

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5 text-center">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={cn('mt-0.5 text-lg font-bold tabular-nums', className ?? 'text-slate-900')}>{value}</dd>
    </div>
  );
}

/** The top-up dialog (spec 2 §2): what the generation needs, what the user has, the deficit, and the packages to buy. */
export function InsufficientCreditsDialog({ details, onClose }: { details: InsufficientCredits; onClose: () => void }) {
  return (
    <Dialog
      title="Insufficient Credits"
      description={`This needs ${formatCredits(details.required_credits)} credits, but you have ${formatCredits(details.available_credits)}. Top up to continue.`}
      icon={<Coins className="size-5" aria-hidden />}
      size="lg"
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Not now
        </Button>
      }
    >
      <dl className="grid grid-cols-3 gap-2 sm:gap-3" aria-label="Credits">
        <Figure label="Required" value={formatCredits(details.required_credits)} />
        <Figure label="Available" value={formatCredits(details.available_credits)} />
        <Figure label="Deficit" value={formatCredits(details.deficit)} className="text-red-600" />
      </dl>
      <h3 className="mt-5 mb-3 text-sm font-semibold text-slate-900">Choose a credit package</h3>
      <PackageList deficit={details.deficit} />
      <p className="mt-3 text-xs text-slate-500">1 credit = $1. You are taken to a secure checkout; credits are added as soon as the payment is confirmed.</p>
    </Dialog>
  );
}
