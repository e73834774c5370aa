import { HardDrive, Receipt, ShoppingBag, TrendingDown, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Credits, StorageInfo } from '../../../contract/auth.ts';
import { CREDIT_DECIMALS } from '../../../contract/constants.ts';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { fixedDecimal } from '../../lib/decimal.ts';
import { balanceTone } from '../credits/local-usage.ts';
import { formatGb } from './format.ts';

const TONE_CLASSES = { green: 'text-emerald-600', yellow: 'text-amber-500', red: 'text-red-600' } as const;

function Stat({ label, value, icon, valueClassName, hint }: { label: string; value: string; icon: ReactNode; valueClassName?: string; hint?: string }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between text-sm font-medium text-slate-500">
        {label}
        <span className="text-slate-400">{icon}</span>
      </div>
      <p className={cn('mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums', valueClassName)}>{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </Card>
  );
}

function StorageSection({ storage }: { storage: StorageInfo }) {
  const percentage = storage.percentage_used;
  return (
    <Card>
      <CardHeader icon={<HardDrive className="size-5" aria-hidden />} title="Storage & Files" description="Generated images are deleted automatically after 30 days." />
      <CardBody>
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <p className="text-slate-700">
            <span className="font-semibold text-slate-900">{formatGb(storage.used_gb)}</span> of {formatGb(storage.quota_gb)} used
          </p>
          <p className="font-medium text-slate-600 tabular-nums">{percentage.toFixed(1)}%</p>
        </div>
        <ProgressBar
          value={percentage}
          label="Storage used"
          className="mt-3"
          barClassName={percentage >= 90 ? 'bg-red-500' : percentage >= 75 ? 'bg-amber-500' : undefined}
        />
        <p className="mt-2 text-xs text-slate-500">{formatGb(storage.available_bytes / 1024 ** 3)} available</p>
      </CardBody>
    </Card>
  );
}

function TransactionsSection() {
  return (
    <Card>
      <CardHeader icon={<Receipt className="size-5" aria-hidden />} title="Recent Transactions" description="Purchases, bonuses and generations." />
      <CardBody className="flex flex-col items-center py-10 text-center">
        <p className="font-medium text-slate-700">No transactions yet</p>
        <p className="mt-1 max-w-sm text-sm text-slate-500">Your purchases and generations will show up here.</p>
      </CardBody>
    </Card>
  );
}

/** The credits tab (spec 1 §2 Dashboard): balances, storage and recent transactions. */
export function CreditsTab({ credits, storage }: { credits: Credits | null; storage: StorageInfo | null }) {
  if (!credits || !storage) return <PageSpinner label="Loading credit information" className="min-h-48" />;
  const fmt = (value: string) => fixedDecimal(value, CREDIT_DECIMALS);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Available Credits"
          value={fmt(credits.available_credits)}
          valueClassName={TONE_CLASSES[balanceTone(credits.balance)]}
          icon={<Wallet className="size-5" aria-hidden />}
          hint="1 credit = $1"
        />
        <Stat label="Total Used" value={fmt(credits.lifetime_used)} icon={<TrendingDown className="size-5" aria-hidden />} />
        <Stat label="Total Purchased" value={fmt(credits.lifetime_purchased)} icon={<ShoppingBag className="size-5" aria-hidden />} />
      </div>
      <StorageSection storage={storage} />
      <TransactionsSection />
    </div>
  );
}
