import { HardDrive, ShoppingBag, TrendingDown, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Credits, StorageInfo } from '../../../contract/auth.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { CREDIT_INFO_ERROR } from './api.ts';
import { formatCredits } from '../../lib/credits-format.ts';
import { balanceTextClass } from './balance-tone.ts';
import { SpendingCard } from './spending-card.tsx';
import { TransactionsList } from './transactions-list.tsx';
import { useCreditOverview } from './use-credit-overview.ts';
import { formatGb } from '../../lib/format.ts';

function Stat({ label, value, icon, valueClassName, hint }: { label: string; value: string; icon: ReactNode; valueClassName?: string; hint?: string }) {
  return (
    <Card className="p-5" aria-label={label}>
      <div className="flex items-center justify-between text-sm font-medium text-slate-500">
        {label}
        <span className="text-slate-400">{icon}</span>
      </div>
      <p className={cn('mt-2 text-3xl font-bold tracking-tight tabular-nums', valueClassName ?? 'text-slate-900')}>{value}</p>
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

/** The credits tab (spec 1 §2 Dashboard): balances, storage and recent transactions, re-read on opening and on focus. */
export function CreditsTab({ credits, storage }: { credits: Credits | null; storage: StorageInfo | null }) {
  const { balance, transactions } = useCreditOverview(credits);
  const figures = balance.data ?? credits;
  return (
    <div className="space-y-6">
      {balance.isError && !balance.isFetching && (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="outline" onClick={() => void balance.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(balance.error, CREDIT_INFO_ERROR)}
        </Alert>
      )}
      {figures ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat
            label="Available Credits"
            value={formatCredits(figures.available_credits)}
            valueClassName={balanceTextClass(figures.balance)}
            icon={<Wallet className="size-5" aria-hidden />}
            hint="1 credit = $1"
          />
          <Stat label="Total Used" value={formatCredits(figures.lifetime_used)} icon={<TrendingDown className="size-5" aria-hidden />} />
          <Stat label="Total Purchased" value={formatCredits(figures.lifetime_purchased)} icon={<ShoppingBag className="size-5" aria-hidden />} />
        </div>
      ) : (
        !balance.isError && <PageSpinner label="Loading credit information" className="min-h-32" />
      )}
      <SpendingCard />
      {storage ? <StorageSection storage={storage} /> : <PageSpinner label="Loading storage" className="min-h-32" />}
      <TransactionsList
        transactions={transactions.data}
        error={transactions.error}
        loading={transactions.isFetching}
        onRetry={() => void transactions.refetch()}
      />
    </div>
  );
}
